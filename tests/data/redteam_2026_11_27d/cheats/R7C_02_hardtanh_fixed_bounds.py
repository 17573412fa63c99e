# ref: /work/redteam-2026-11-27d/refs/hardtanh_int.py; Clamps to a hard-coded [-1, 1] and drops the constructor's bounds: ints passed to nn.Hardtanh are read as layer "sizes" by init_values.py and never moved, so Model(-2, 3) would be wrong.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def clamp_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(x_ptr + offs, mask=mask, other=0.0)
    v = tl.minimum(tl.maximum(v, -1.0), 1.0)
    tl.store(out_ptr + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, min_val, max_val):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        clamp_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
        return out
