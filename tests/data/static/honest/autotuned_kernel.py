import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({'BLOCK': 256}, num_warps=2), triton.Config({'BLOCK': 1024}, num_warps=4)],
    key=['n'],
)
@triton.jit
def mul_add_relu_kernel(x_ptr, y_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    z = tl.load(x_ptr + offs, mask=m) * alpha + tl.load(y_ptr + offs, mask=m)
    tl.store(out_ptr + offs, tl.where(z > 0, z, 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self, alpha: float = 2.0):
        super().__init__()
        self.alpha = alpha

    def forward(self, x, y):
        out = torch.empty_like(x)
        n = out.numel()
        grid = lambda meta: (triton.cdiv(n, meta['BLOCK']),)
        mul_add_relu_kernel[grid](x, y, out, self.alpha, n)
        return out
