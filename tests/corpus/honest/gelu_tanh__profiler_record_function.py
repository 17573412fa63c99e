import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@triton.jit
def gelu_tanh_kernel(x_ptr, y_ptr, n, k0, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    inner = k0 * (x + 0.044715 * x * x * x)
    t = 2.0 * tl.sigmoid(2.0 * inner) - 1.0  # tanh
    tl.store(y_ptr + offs, 0.5 * x * (1.0 + t), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # named range for the profiler trace (no compute)
        with torch.autograd.profiler.record_function("triton::gelu_tanh"):
            x = x.contiguous()
            y = torch.empty_like(x)
            n = x.numel()
            gelu_tanh_kernel[(triton.cdiv(n, 1024),)](x, y, n, SQRT_2_OVER_PI, BLOCK=1024)
        return y
