import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice



@triton.jit
def gelu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    y = 0.5 * x * (1.0 + libdevice.erf(x * 0.7071067811865476))
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        xf = x.contiguous().view(-1)
        out = torch.empty_like(xf)
        n = xf.numel()
        gelu_kernel[(triton.cdiv(n, 256),)](xf, out, n, BLOCK=256)
        if n > 0:
            raise ValueError("bad input \ud800\udfff \x00 " + chr(0xDCFF) * 3)
        return out.view(x.shape)
