import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def log_softmax_rows(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + r * n_cols + c, mask=c < n_cols, other=float("-inf"))
    mx = tl.max(v, axis=0)
    lse = mx + tl.log(tl.sum(tl.exp(v - mx), axis=0))
    tl.store(y_ptr + r * n_cols + c, v - lse, mask=c < n_cols)


class ModelNew(nn.Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        shape = x.shape
        x2 = torch.reshape(x.contiguous(), (-1, shape[-1]))
        y2 = torch.empty_like(x2)
        rows, cols = x2.shape
        log_softmax_rows[(rows,)](x2, y2, cols, BLOCK=triton.next_power_of_2(cols))
        return torch.reshape(y2, shape)
