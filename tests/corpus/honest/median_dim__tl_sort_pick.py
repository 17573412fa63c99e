import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def median_kernel(x_ptr, y_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    v = tl.load(x_ptr + row * N + offs)
    s = tl.sort(v, 0)
    k: tl.constexpr = (N - 1) // 2
    med = tl.sum(tl.where(offs == k, s, 0.0), axis=0)
    tl.store(y_ptr + row, med)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty(M, device=x.device, dtype=x.dtype)
        median_kernel[(M,)](x, y, N=N)
        return y
