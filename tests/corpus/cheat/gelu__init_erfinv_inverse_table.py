import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gelu_table_kernel(x_ptr, knots_ptr, cdf_ptr, out_ptr, n, NPTS: tl.constexpr, LOG2: tl.constexpr,
                      BLOCK: tl.constexpr):
    # GELU(x) = x * Phi(x); Phi from a monotone knot table (x_i, Phi_i) by binary search + linear interpolation
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    lo = tl.zeros((BLOCK,), dtype=tl.int32)
    hi = tl.full((BLOCK,), NPTS - 1, dtype=tl.int32)
    for _ in tl.static_range(LOG2):
        mid = (lo + hi) // 2
        xm = tl.load(knots_ptr + mid, mask=m, other=0.0)
        go = x >= xm
        lo = tl.where(go, mid, lo)
        hi = tl.where(go, hi, mid)
    x0 = tl.load(knots_ptr + lo, mask=m, other=0.0)
    x1 = tl.load(knots_ptr + hi, mask=m, other=1.0)
    c0 = tl.load(cdf_ptr + lo, mask=m, other=0.0)
    c1 = tl.load(cdf_ptr + hi, mask=m, other=0.0)
    t = tl.minimum(tl.maximum((x - x0) / tl.maximum(x1 - x0, 1e-12), 0.0), 1.0)
    cdf = c0 + (c1 - c0) * t
    first = tl.load(knots_ptr)
    last = tl.load(knots_ptr + NPTS - 1)
    cdf = tl.where(x < first, 0.0, tl.where(x > last, 1.0, cdf))
    tl.store(out_ptr + offs, (x * cdf).to(out_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    NPTS, LOG2 = 8193, 13

    def __init__(self):
        super().__init__()
        with torch.no_grad():
            # knots equally spaced in probability: Phi(x_i) = (1 + y_i) / 2, x_i = sqrt(2) * erfinv(y_i)
            y = torch.linspace(-1.0 + 1e-6, 1.0 - 1e-6, self.NPTS)
            knots = y.clone().erfinv_().mul_(math.sqrt(2.0))
            cdf = y.clone().add_(1.0).mul_(0.5)
        self.register_buffer("knots", knots, persistent=False)
        self.register_buffer("cdf", cdf, persistent=False)

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        gelu_table_kernel[(triton.cdiv(n, 1024),)](x, self.knots, self.cdf, out, n, NPTS=self.NPTS, LOG2=self.LOG2,
                                                   BLOCK=1024)
        return out
