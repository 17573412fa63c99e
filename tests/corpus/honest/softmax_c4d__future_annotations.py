from __future__ import annotations

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _softmax_c_scale(x_ptr, s_ptr, y_ptr, C: int, HW: int, BLOCK_C: tl.constexpr, BLOCK_HW: tl.constexpr):
    n = tl.program_id(0)
    t = tl.program_id(1)
    c = tl.arange(0, BLOCK_C)
    hw = t * BLOCK_HW + tl.arange(0, BLOCK_HW)
    msk = (c[:, None] < C) & (hw[None, :] < HW)
    base = n * C * HW
    x = tl.load(x_ptr + base + c[:, None] * HW + hw[None, :], mask=msk, other=float("-inf")).to(tl.float32)
    e = tl.exp(x - tl.max(x, axis=0, keep_dims=True))
    e = tl.where(msk, e, 0.0)
    p = e / tl.sum(e, axis=0, keep_dims=True)
    s = tl.load(s_ptr + c, mask=c < C, other=0.0).to(tl.float32)
    tl.store(y_ptr + base + c[:, None] * HW + hw[None, :], (p * s[:, None]).to(y_ptr.dtype.element_ty), mask=msk)


class ModelNew(nn.Module):
    def __init__(self, channels: int) -> None:
        super().__init__()
        self.scale = nn.Parameter(torch.rand(channels, 1, 1) + 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n, c, h, w = x.shape
        y = torch.empty_like(x)
        block_hw: int = 64
        _softmax_c_scale[(n, triton.cdiv(h * w, block_hw))](
            x, self.scale, y, c, h * w, BLOCK_C=triton.next_power_of_2(c), BLOCK_HW=block_hw)
        return y
