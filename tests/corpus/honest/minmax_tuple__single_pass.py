import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def minmax_kernel(x_ptr, min_ptr, max_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x_lo = tl.load(x_ptr + row * n_cols + offs, mask=m, other=float("inf"))
    x_hi = tl.where(m, x_lo, -float("inf"))
    tl.store(min_ptr + row, tl.min(x_lo, axis=0))
    tl.store(max_ptr + row, tl.max(x_hi, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        x = x.contiguous()
        n_cols = x.shape[-1]
        rows = x.numel() // n_cols
        out_shape = x.shape[:-1] + (1,)
        mins = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        maxs = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        minmax_kernel[(rows,)](x, mins, maxs, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return mins, maxs
