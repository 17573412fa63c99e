import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def max_idx_kernel(x_ptr, val_ptr, idx_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + offs, mask=offs < n_cols, other=-float("inf"))
    v, i = tl.max(x, axis=0, return_indices=True)
    tl.store(val_ptr + row, v)
    tl.store(idx_ptr + row, i.to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        values = torch.empty(rows, device=x.device, dtype=x.dtype)
        indices = torch.empty(rows, device=x.device, dtype=torch.long)
        max_idx_kernel[(rows,)](x, values, indices, cols, x.stride(0), BLOCK=triton.next_power_of_2(cols))
        return values, indices
