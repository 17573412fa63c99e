import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def ndtri_kernel(P, Z, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    p = tl.load(P + offs, mask=mask, other=0.5)
    tl.store(Z + offs, libdevice.normcdfinv(p), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p: torch.Tensor) -> torch.Tensor:
        assert p.dtype == torch.float32, "fp32 only (libdevice)"
        p = p.contiguous()
        z = torch.empty_like(p)
        n = p.numel()
        grid = lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)
        ndtri_kernel[grid](p, z, n, BLOCK_SIZE=512)
        return z
