from typing import Tuple

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_max_kernel(x_ptr, val_ptr, idx_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=float("-inf"))
    v, i = tl.max(x, axis=0, return_indices=True)
    tl.store(val_ptr + row, v)
    tl.store(idx_ptr + row, i.to(tl.int64))


class ModelNew(nn.Module):
    """Returns (values, indices) of the max over the last dimension."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        *lead, n = x.shape
        x2 = x.reshape(-1, n).contiguous()
        rows = x2.shape[0]
        values = torch.empty(rows, device=x.device, dtype=x.dtype)
        indices = torch.empty(rows, device=x.device, dtype=torch.long)
        row_max_kernel[(rows,)](x2, values, indices, n, x2.stride(0), BLOCK=triton.next_power_of_2(n))
        return values.view(lead), indices.view(lead)
