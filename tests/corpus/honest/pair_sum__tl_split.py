import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pair_sum_kernel(x_ptr, y_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    v = tl.load(x_ptr + row * N + tl.arange(0, N))
    a, b = tl.split(tl.reshape(v, (N // 2, 2)))
    tl.store(y_ptr + row * (N // 2) + tl.arange(0, N // 2), a + b)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = x.new_empty((M, N // 2))
        pair_sum_kernel[(M,)](x, y, N=N)
        return y
