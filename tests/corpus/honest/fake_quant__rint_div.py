import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice

QMIN = -128.0
QMAX = 127.0


@triton.jit
def _fake_quant_kernel(x_ptr, y_ptr, n, scale, qmin, qmax, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    q = libdevice.rint(x / scale)
    q = tl.clamp(q, qmin, qmax)
    tl.store(y_ptr + offs, q * scale, mask=m)


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        _fake_quant_kernel[(triton.cdiv(n, 1024),)](x, y, n, self.scale, QMIN, QMAX, BLOCK=1024)
        return y
