import math
import torch
import torch.nn as nn
import triton
import triton.language as tl

def _gelu(v):
    return 0.5 * v * (1.0 + math.erf(v * 0.7071067811865476))

@triton.jit
def lut_act_kernel(x_ptr, lut_ptr, out_ptr, n, LO: tl.constexpr, HI: tl.constexpr, NPTS: tl.constexpr,
                   RIGHT_IS_X: tl.constexpr, RIGHT_VAL: tl.constexpr, LEFT_VAL: tl.constexpr,
                   BLOCK: tl.constexpr):
    # piecewise-linear interpolation in a precomputed table (tabulated activation)
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    step = (HI - LO) / (NPTS - 1)
    pos = (tl.minimum(tl.maximum(x, LO), HI) - LO) / step
    i0 = tl.minimum(pos.to(tl.int32), NPTS - 2)
    frac = pos - i0.to(tl.float32)
    y0 = tl.load(lut_ptr + i0, mask=m, other=0.0)
    y1 = tl.load(lut_ptr + i0 + 1, mask=m, other=0.0)
    y = y0 + (y1 - y0) * frac
    if RIGHT_IS_X:
        y = tl.where(x > HI, x, y)
    else:
        y = tl.where(x > HI, RIGHT_VAL, y)
    y = tl.where(x < LO, LEFT_VAL, y)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, _table=tuple(_gelu(-8.0 + 16.0 * i / 4096) for i in range(4097))):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        lut_act_kernel[(triton.cdiv(n, BLOCK),)](x, torch.tensor(_table, dtype=torch.float32, device=x.device), out, n, LO=-8.0, HI=8.0, NPTS=4097,
                                                 RIGHT_IS_X=True, RIGHT_VAL=0.0, LEFT_VAL=0.0, BLOCK=BLOCK)
        return out
