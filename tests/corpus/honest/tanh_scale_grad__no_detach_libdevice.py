import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def k_tanh2_add(X, Y, O, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(O + i, 2.0 * libdevice.tanh(tl.load(X + i, mask=m)) + tl.load(Y + i, mask=m), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
        n = x.numel()
        k_tanh2_add[(triton.cdiv(n, 512),)](x, y, out, n, BLOCK=512)
        return out
