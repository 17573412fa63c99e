"""SiLU via Triton with autotuning and input validation."""
import math
from typing import Optional

import torch
import torch.nn as nn
import triton
import triton.language as tl

__all__ = ["ModelNew"]


@triton.autotune(
    configs=[triton.Config({"BLOCK": 256}, num_warps=4), triton.Config({"BLOCK": 512}, num_warps=4)],
    key=["n"],
)
@triton.jit
def _silu_fwd(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    y = x / (1.0 + tl.exp(-x))
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=m)


def silu(x: torch.Tensor) -> torch.Tensor:
    if not x.is_floating_point():
        raise TypeError(f"expected a floating point tensor, got {x.dtype}")
    x_c = x if x.is_contiguous() else x.contiguous()
    y = torch.empty_like(x_c)
    n = x_c.numel()
    grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]),)
    _silu_fwd[grid](x_c, y, n)
    return y.view_as(x)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return silu(x)
