from typing import Optional

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_silu_kernel(x_ptr, b_ptr, y_ptr, n, C, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    z = tl.load(x_ptr + offs, mask=m) + tl.load(b_ptr + offs % C, mask=m)
    tl.store(y_ptr + offs, z * tl.sigmoid(z), mask=m)


class _BiasSiLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, bias):
        y = torch.empty_like(x)
        n = x.numel()
        bias_silu_kernel[(triton.cdiv(n, 1024),)](x, bias, y, n, bias.numel(), BLOCK=1024)
        return y


class TritonBiasSiLU(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(channels))

    def forward(self, x: torch.Tensor, scale: Optional[float] = None) -> torch.Tensor:
        return _BiasSiLU.apply(x.contiguous(), self.bias)


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.act = TritonBiasSiLU(channels)
        self.blocks = nn.ModuleList([TritonBiasSiLU(channels) for _ in range(2)])

    def forward(self, x):
        x = self.act(x)
        for blk in self.blocks:
            x = blk(x)
        return x
