import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def logsumexp_rows(X, Y, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + row * N + offs, mask=offs < N, other=-float("inf")).to(tl.float32)
    mx = tl.max(x, 0)
    s = tl.sum(tl.exp(x - mx), 0)
    tl.store(Y + row, mx + libdevice.log(s))


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        # move the reduced dim last and make rows contiguous
        xt = x.movedim(self.dim, -1).contiguous()
        out_shape = xt.shape[:-1]
        N = xt.shape[-1]
        rows = xt.numel() // N
        y = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        logsumexp_rows[(rows,)](xt, y, N, BLOCK=triton.next_power_of_2(N))
        return y
