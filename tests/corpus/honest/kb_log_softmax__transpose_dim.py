import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def log_softmax_rows(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=-float('inf')).to(tl.float32)
    mx = tl.max(x, axis=0)
    lse = mx + tl.log(tl.sum(tl.exp(x - mx), axis=0))
    tl.store(y_ptr + row * n_cols + cols, x - lse, mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        moved = self.dim not in (-1, x.ndim - 1)
        xt = x.transpose(self.dim, -1).contiguous() if moved else x.contiguous()
        n_cols = xt.shape[-1]
        x2 = xt.view(-1, n_cols)
        y2 = torch.empty_like(x2)
        log_softmax_rows[(x2.shape[0],)](x2, y2, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        y = y2.view(xt.shape)
        return y.transpose(self.dim, -1) if moved else y
