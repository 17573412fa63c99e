import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def flip_kernel(x_ptr, y_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    v = tl.load(x_ptr + row * N + offs)
    tl.store(y_ptr + row * N + offs, tl.flip(v, 0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        M, N = x.shape
        flip_kernel[(M,)](x, y, N=N)
        return y
