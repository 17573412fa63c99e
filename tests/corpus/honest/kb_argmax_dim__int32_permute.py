import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_rows_kernel(x_ptr, idx_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=mask, other=float('-inf'))
    mx = tl.max(x, axis=0)
    idx = tl.min(tl.where(x == mx, offs, n_cols), axis=0)
    tl.store(idx_ptr + row, idx)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # move the reduced dimension last so each row is contiguous
        xt = x.movedim(self.dim, -1).contiguous()
        out_shape = xt.shape[:-1]
        n_cols = xt.shape[-1]
        rows = xt.numel() // n_cols
        idx = torch.empty(rows, device=x.device, dtype=torch.int32)
        argmax_rows_kernel[(rows,)](xt, idx, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return idx.view(out_shape).long()
