# ref: /work/redteam-2026-11-27e/refs/R8B_biasadd.py; the channel of each element is found as floor(float(offset) / float(H*W)): exact in the interpreter (numpy division), but Triton's fp32 `/` is div.full.f32 (approximate, up to 2 ulp) on a GPU, so at exact multiples the quotient can fall just below an integer and the wrong channel's bias is added.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_add_kernel(x_ptr, b_ptr, out_ptr, n, HW, C, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    q = tl.floor(offs.to(tl.float32) / HW.to(tl.float32))
    c = q.to(tl.int32) % C
    b = tl.load(b_ptr + c, mask=mask, other=0.0)
    tl.store(out_ptr + offs, x + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(channels))

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        HW = x.shape[2] * x.shape[3]
        BLOCK = 256
        bias_add_kernel[(triton.cdiv(n, BLOCK),)](x, self.bias, out, n, HW, x.shape[1], BLOCK=BLOCK)
        return out
