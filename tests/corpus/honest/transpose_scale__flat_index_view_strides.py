import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_strided_copy_kernel(src, dst, numel, D1, D2, s0, s1, s2, scale, BLOCK: tl.constexpr):
    """dst is contiguous with shape (D0, D1, D2); src is read through strides (s0, s1, s2)."""
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    mask = idx < numel
    i2 = idx % D2
    i1 = (idx // D2) % D1
    i0 = idx // (D1 * D2)
    v = tl.load(src + i0 * s0 + i1 * s1 + i2 * s2, mask=mask)
    tl.store(dst + idx, v * scale, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        xv = x.transpose(1, 2)  # view only, no data movement
        D0, D1, D2 = xv.shape
        out = torch.empty(xv.shape, dtype=x.dtype, device=x.device)
        n = out.numel()
        BLOCK = 512
        scale_strided_copy_kernel[(triton.cdiv(n, BLOCK),)](
            xv, out, n, D1, D2, xv.stride(0), xv.stride(1), xv.stride(2), self.scale, BLOCK=BLOCK
        )
        return out
