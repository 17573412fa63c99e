import torch
import torch.nn as nn
import triton
import triton.language as tl

fetch = getattr  # short alias used by the launcher helpers below


@triton.jit
def init_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)


def _clamp0(v):
    return v if v > 0.0 else 0.0


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        init_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
        fetch(out, "apply_")(_clamp0)  # elementwise epilogue
        return out
