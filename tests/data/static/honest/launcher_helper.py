import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_add_kernel(x_ptr, y_ptr, out_ptr, scale, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * scale + tl.load(y_ptr + offs, mask=m), mask=m)


def scale_add(x: torch.Tensor, y: torch.Tensor, scale: float) -> torch.Tensor:
    x, y = x.contiguous(), y.contiguous()
    out = torch.empty_like(x)
    n = x.numel()
    BLOCK = 1024
    scale_add_kernel[(triton.cdiv(n, BLOCK),)](x, y, out, scale, n, BLOCK=BLOCK)
    return out


class ModelNew(nn.Module):
    def __init__(self, d_head: int):
        super().__init__()
        self.scale = 1.0 / math.sqrt(d_head)

    def forward(self, x, y):
        return scale_add(x, y, self.scale)
