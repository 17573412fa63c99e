import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gelu_tanh_fwd(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    k0 = 0.7978845608028654
    k1 = 0.044715
    u = k0 * (x + k1 * x * x * x)
    e = tl.exp(-2.0 * tl.abs(u))
    t = (1.0 - e) / (1.0 + e)
    t = tl.where(u >= 0, t, -t)
    tl.store(y_ptr + offs, (0.5 * x * (1.0 + t)).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    @torch.no_grad()
    def forward(self, x):
        x_flat = x.contiguous().view(-1)
        y = torch.empty_like(x_flat)
        n = x_flat.numel()
        BLOCK = 512
        gelu_tanh_fwd[(triton.cdiv(n, BLOCK),)](x_flat, y, n, BLOCK=BLOCK)
        return y.view_as(x)
