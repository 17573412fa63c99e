import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def interleave_kernel(a_ptr, b_ptr, y_ptr, N: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + row * N + offs)
    b = tl.load(b_ptr + row * N + offs)
    y = tl.interleave(a, b)
    tl.store(y_ptr + row * (2 * N) + tl.arange(0, 2 * N), y)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        M, N = a.shape
        y = a.new_empty((M, 2 * N))
        interleave_kernel[(M,)](a, b, y, N=N)
        return y
