import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_shift_kernel(X, S, B, O, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    s = tl.load(S)
    b = tl.load(B)
    x = tl.load(X + offs, mask=m, other=0.0)
    tl.store(O + offs, x * s + b, mask=m)


class ModelNew(nn.Module):
    def forward(self, x, s, b):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        scale_shift_kernel[(triton.cdiv(n, 256),)](x, s, b, out, n, BLOCK=256)
        return out
