import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def exclusive_cumsum_kernel(x_ptr, y_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    valid = offs < L
    x = tl.load(x_ptr + row * L + offs, mask=valid, other=0.0)
    incl = tl.cumsum(x, axis=0)
    tl.store(y_ptr + row * L + offs, incl - x, mask=valid)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        assert self.dim == 1
        x = x.contiguous()
        y = torch.empty_like(x)
        exclusive_cumsum_kernel[(x.shape[0],)](x, y, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return y
