import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_builtin_kernel(x_ptr, y_ptr, N, BLOCK_N: tl.constexpr):
    tl.static_assert(BLOCK_N >= 16)
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=float("-inf"))
    y = tl.softmax(x)
    tl.store(y_ptr + row * N + cols, y, mask=cols < N)


class ModelNew(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty_like(x)
        softmax_builtin_kernel[(M,)](x, y, N, BLOCK_N=triton.next_power_of_2(N))
        return y
