import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def probit_kernel(p_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    p = tl.load(p_ptr + offs, mask=m, other=0.5).to(tl.float32)
    z = 1.4142135623730951 * libdevice.erfinv(2.0 * p - 1.0)
    tl.store(out_ptr + offs, z.to(out_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def forward(self, p):
        p = p.contiguous()
        out = torch.empty_like(p)
        n = p.numel()
        probit_kernel[(triton.cdiv(n, 1024),)](p, out, n, BLOCK=1024)
        return out
