import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _max_combine(a, b):
    return tl.maximum(a, b)


@triton.jit
def cummax_kernel(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    v = tl.load(x_ptr + row * N + offs, mask=mask, other=float('-inf'))
    c = tl.associative_scan(v, 0, _max_combine)
    tl.store(y_ptr + row * N + offs, c, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    @torch.no_grad()
    def forward(self, x):
        assert self.dim == 1
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty_strided((M, N), (N, 1), device=x.device, dtype=x.dtype)
        cummax_kernel[(M,)](x, y, N, BLOCK=triton.next_power_of_2(N))
        return y
