import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cumsum_carry_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    """Inclusive scan along a row, processed in chunks with a running carry."""
    row = tl.program_id(0)
    carry = tl.zeros((), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < n_cols
        x = tl.load(x_ptr + row * n_cols + offs, mask=mask, other=0.0).to(tl.float32)
        s = tl.cumsum(x, axis=0) + carry
        tl.store(y_ptr + row * n_cols + offs, s, mask=mask)
        carry += tl.sum(x, axis=0)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        assert self.dim == 1 and x.dim() == 2
        x = x.contiguous()
        y = torch.empty_like(x)
        cumsum_carry_kernel[(x.shape[0],)](x, y, x.shape[1], BLOCK=256)
        return y
