import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def fused_scale_add(x_ptr, r_ptr, out_ptr, scale, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    r = tl.load(r_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x * scale + r, mask=m)


class ModelNew(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = float(scale)

    def forward(self, x, residual):
        x = x.contiguous()
        residual = residual.contiguous()
        out = torch.empty_like(x)
        n = out.numel()
        BLOCK = 128
        fused_scale_add[(triton.cdiv(n, BLOCK),)](x, residual, out, self.scale, n, BLOCK=BLOCK)
        return out
