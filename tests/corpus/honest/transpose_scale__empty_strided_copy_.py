import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_inplace_kernel(p, n, scale, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(p + i, tl.load(p + i, mask=m) * scale, mask=m)


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        B, R, C = x.shape
        out = torch.empty_strided((B, C, R), (C * R, R, 1), device=x.device, dtype=x.dtype)
        out.copy_(x.transpose(1, 2))  # layout change only
        n = out.numel()
        scale_inplace_kernel[(triton.cdiv(n, 1024),)](out, n, self.scale, BLOCK=1024)
        return out
