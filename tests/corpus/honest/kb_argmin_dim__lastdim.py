import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmin_lastdim_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_row + cols, mask=mask, other=float("inf"))
    min_val = tl.min(x, axis=0)
    # first index that attains the minimum
    cand = tl.where((x == min_val) & mask, cols, BLOCK_SIZE)
    idx = tl.min(cand, axis=0)
    tl.store(out_ptr + row, idx)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert self.dim == x.dim() - 1 or self.dim == -1
        x = x.contiguous()
        rows = x.numel() // x.shape[-1]
        n_cols = x.shape[-1]
        x2 = x.view(rows, n_cols)
        out = torch.empty(rows, dtype=torch.int64, device=x.device)
        argmin_lastdim_kernel[(rows,)](x2, out, n_cols, x2.stride(0), BLOCK_SIZE=triton.next_power_of_2(n_cols))
        return out.view(x.shape[:-1])
