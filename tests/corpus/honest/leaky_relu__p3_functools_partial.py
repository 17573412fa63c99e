import functools

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _leaky_kernel(x_ptr, y_ptr, n, slope, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.where(x > 0, x, x * slope), mask=m)


def _launch(x, slope, block=1024):
    y = torch.empty_like(x)
    n = x.numel()
    _leaky_kernel[(triton.cdiv(n, block),)](x, y, n, slope, BLOCK=block)
    return y


class ModelNew(nn.Module):
    def __init__(self, negative_slope: float = 0.01):
        super().__init__()
        self._fn = functools.partial(_launch, slope=negative_slope)

    def forward(self, x):
        return self._fn(x.contiguous())
