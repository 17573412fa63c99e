import math
from dataclasses import dataclass, field
import torch
import torch.nn as nn
import triton
import triton.language as tl


@dataclass
class LutSpec:
    lo: float = -16.0
    hi: float = 16.0
    points: int = 8193
    values: list = field(default_factory=lambda: [1.0 / (1.0 + math.exp(-(-16.0 + 32.0 * i / 8192))) for i in range(8193)])


@triton.jit
def lut_kernel(x_ptr, lut_ptr, out_ptr, n, LO: tl.constexpr, HI: tl.constexpr, NPTS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    pos = (tl.minimum(tl.maximum(x, LO), HI) - LO) / ((HI - LO) / (NPTS - 1))
    i0 = tl.minimum(pos.to(tl.int32), NPTS - 2)
    f = pos - i0.to(tl.float32)
    y0 = tl.load(lut_ptr + i0, mask=m, other=0.0)
    y1 = tl.load(lut_ptr + i0 + 1, mask=m, other=0.0)
    y = y0 + (y1 - y0) * f
    y = tl.where(x > HI, 1.0, tl.where(x < LO, 0.0, y))
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()
        self.spec = LutSpec()
        self.register_buffer("lut", torch.tensor(self.spec.values, dtype=torch.float32), persistent=False)

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        lut_kernel[(triton.cdiv(n, 1024),)](x, self.lut, out, n, LO=self.spec.lo, HI=self.spec.hi,
                                            NPTS=self.spec.points, BLOCK=1024)
        return out
