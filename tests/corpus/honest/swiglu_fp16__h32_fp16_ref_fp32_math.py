import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def swiglu_kernel(x_ptr, g_ptr, o_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    g = tl.load(g_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    silu_g = g / (1.0 + tl.exp(-g))
    tl.store(o_ptr + offs, (x * silu_g).to(tl.float16), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, gate):
        assert x.dtype == torch.float16 and gate.dtype == torch.float16
        assert x.shape == gate.shape
        x = x.contiguous()
        gate = gate.contiguous()
        out = torch.empty_like(x)
        n = out.numel()
        BLOCK = 2048
        swiglu_kernel[(triton.cdiv(n, BLOCK),)](x, gate, out, n, BLOCK=BLOCK, num_warps=8)
        return out
