import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def hardswish_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.float32)
    r6 = tl.minimum(tl.maximum(x + 3.0, 0.0), 6.0)
    tl.store(y_ptr + offs, x * r6 / 6.0, mask=mask)


def _numel(shape) -> int:
    return math.prod(shape)


class ModelNew(nn.Module):
    BLOCK = 2048

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        n = _numel(x.shape)
        assert n == x.numel()
        flat = x.contiguous().view(-1)
        out = torch.empty_like(flat)
        hardswish_kernel[(triton.cdiv(n, self.BLOCK),)](flat, out, n, BLOCK=self.BLOCK)
        return out.view(x.shape)
