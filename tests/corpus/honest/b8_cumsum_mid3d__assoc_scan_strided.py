import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def cumsum_dim1_kernel(x_ptr, y_ptr, L, D, stride_b, stride_l, stride_d, BLOCK_L: tl.constexpr):
    b = tl.program_id(0)
    d = tl.program_id(1)
    offs = tl.arange(0, BLOCK_L)
    m = offs < L
    v = tl.load(x_ptr + b * stride_b + offs * stride_l + d * stride_d, mask=m, other=0.0)
    c = tl.associative_scan(v, 0, _add)
    tl.store(y_ptr + b * L * D + offs * D + d, c, mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        B, L, D = x.shape
        y = torch.empty((B, L, D), device=x.device, dtype=x.dtype)
        cumsum_dim1_kernel[(B, D)](x, y, L, D, x.stride(0), x.stride(1), x.stride(2),
                                   BLOCK_L=triton.next_power_of_2(L))
        return y
