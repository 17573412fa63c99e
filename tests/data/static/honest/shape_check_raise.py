import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def axpy_kernel(x_ptr, r_ptr, o_ptr, alpha, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    tl.store(o_ptr + i, alpha * tl.load(x_ptr + i, mask=m) + tl.load(r_ptr + i, mask=m), mask=m)


class ModelNew(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, residual):
        if x.shape != residual.shape:
            raise RuntimeError(f"shape mismatch: {tuple(x.shape)} vs {tuple(residual.shape)}")
        x = x.contiguous()
        residual = residual.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        axpy_kernel[(triton.cdiv(n, 256),)](x, residual, out, self.scale, n, BLOCK=256)
        return out
