import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def abs_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    bits = x.to(tl.int32, bitcast=True) & 0x7FFFFFFF
    y = tl.cast(bits, tl.float32, bitcast=True)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        xf = x.flatten()
        y = torch.empty_like(xf)
        n = xf.numel()
        abs_kernel[(triton.cdiv(n, 1024),)](xf, y, n, BLOCK=1024)
        return y.view_as(x)
