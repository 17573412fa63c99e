import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_tanh_kernel(x_ptr, b_ptr, y_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    z = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32) + tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    e = tl.exp(-2.0 * tl.abs(z))
    t = (1.0 - e) / (1.0 + e)
    y = tl.where(z < 0, -t, t)
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(n))

    def forward(self, x):
        x = x.contiguous()
        # materialise the broadcast bias so the kernel can use a flat index
        bias_full = self.bias.expand_as(x).contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        BLOCK_SIZE = 1024
        add_tanh_kernel[(triton.cdiv(n, BLOCK_SIZE),)](x, bias_full, y, n, BLOCK_SIZE=BLOCK_SIZE)
        return y
