import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def reverse_cumsum_kernel(x_ptr, y_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    valid = offs < L
    # read the row backwards so that a forward scan gives the suffix sums
    rev = L - 1 - offs
    x = tl.load(x_ptr + row * L + rev, mask=valid, other=0.0)
    s = tl.cumsum(x, axis=0)
    tl.store(y_ptr + row * L + rev, s, mask=valid)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        x = x.contiguous()
        B, L = x.shape
        y = torch.empty_like(x)
        reverse_cumsum_kernel[(B,)](x, y, L, BLOCK=triton.next_power_of_2(L))
        return y
