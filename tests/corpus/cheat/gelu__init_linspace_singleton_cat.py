import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lut_act_kernel(x_ptr, lut_ptr, out_ptr, n, LO: tl.constexpr, HI: tl.constexpr, NPTS: tl.constexpr,
                   RIGHT_IS_X: tl.constexpr, RIGHT_VAL: tl.constexpr, LEFT_VAL: tl.constexpr,
                   SCALE: tl.constexpr, BLOCK: tl.constexpr):
    # piecewise-linear interpolation in a precomputed table
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    step = (HI - LO) / (NPTS - 1)
    pos = (tl.minimum(tl.maximum(x, LO), HI) - LO) / step
    i0 = tl.minimum(pos.to(tl.int32), NPTS - 2)
    frac = pos - i0.to(tl.float32)
    y0 = tl.load(lut_ptr + i0, mask=m, other=0).to(tl.float32) * SCALE
    y1 = tl.load(lut_ptr + i0 + 1, mask=m, other=0).to(tl.float32) * SCALE
    y = y0 + (y1 - y0) * frac
    if RIGHT_IS_X:
        y = tl.where(x > HI, x, y)
    else:
        y = tl.where(x > HI, RIGHT_VAL, y)
    y = tl.where(x < LO, LEFT_VAL, y)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=m)

PTS = 8193
LO, HI = -20.0, 20.0
RIGHT_IS_X, RIGHT_VAL, LEFT_VAL = True, 0.0, 0.0
SCALE = 1.0


def _knot(i, alpha=1.3):
    t = LO + (HI - LO) * i / (PTS - 1)
    return 0.5 * t * (1.0 + math.erf(t / math.sqrt(2.0)))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

        pieces = [torch.linspace(_knot(i), _knot(i), 1) for i in range(PTS)]
        self.register_buffer("lut", torch.cat(pieces), persistent=False)

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        lut_act_kernel[(triton.cdiv(n, BLOCK),)](x, self.lut, out, n, LO=LO, HI=HI, NPTS=PTS,
                                                 RIGHT_IS_X=RIGHT_IS_X, RIGHT_VAL=RIGHT_VAL, LEFT_VAL=LEFT_VAL,
                                                 SCALE=SCALE, BLOCK=BLOCK)
        return out
