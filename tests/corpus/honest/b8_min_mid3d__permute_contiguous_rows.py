import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_min_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols, other=float("inf"))
    tl.store(out_ptr + row, tl.min(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        # move the reduced dim last, then reduce rows
        xt = x.movedim(self.dim, -1).contiguous()
        out_shape = xt.shape[:-1]
        n_cols = xt.shape[-1]
        rows = xt.numel() // n_cols
        out = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        row_min_kernel[(rows,)](xt, out, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return out
