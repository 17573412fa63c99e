import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def axpb_kernel(X, O, n, a, b, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(O + offs, tl.load(X + offs, mask=m) * a + b, mask=m)


class ModelNew(nn.Module):
    def forward(self, x, s, b):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        axpb_kernel[(triton.cdiv(n, 512),)](x, out, n, s.item(), b.item(), BLOCK=512)
        return out
