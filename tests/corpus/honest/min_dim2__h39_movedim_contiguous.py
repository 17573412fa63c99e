import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def min_lastdim_kernel(x_ptr, out_ptr, n_rows, n_cols, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_C)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * n_cols + cols[None, :], mask=mask, other=float("inf"))
    tl.store(out_ptr + rows, tl.min(x, axis=1), mask=rows < n_rows)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        # move the reduced dim last so each row is contiguous
        xt = x.movedim(self.dim, -1).contiguous()
        out_shape = xt.shape[:-1]
        n_cols = xt.shape[-1]
        n_rows = xt.numel() // n_cols
        out = x.new_empty(out_shape)
        BLOCK_R = 8
        min_lastdim_kernel[(triton.cdiv(n_rows, BLOCK_R),)](xt, out, n_rows, n_cols,
                                                             BLOCK_R=BLOCK_R, BLOCK_C=triton.next_power_of_2(n_cols))
        return out
