import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_swish_scale_kernel(x_ptr, bias_ptr, out_ptr, n_elements, dim, scale, BLOCK_SIZE: tl.constexpr):
    # flat elementwise pass; the bias is broadcast along rows, so its index is the column (offset % dim)
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0).to(tl.float32)
    b = tl.load(bias_ptr + offsets % dim, mask=mask, other=0.0).to(tl.float32)
    x = x + b
    y = x / (1.0 + tl.exp(-x)) * scale
    tl.store(out_ptr + offsets, y.to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, scale):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(dim))  # same parameter as the reference; only read
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n_elements = x.numel()
        BLOCK_SIZE = 1024
        grid = (triton.cdiv(n_elements, BLOCK_SIZE),)
        bias_swish_scale_kernel[grid](x, self.bias, out, n_elements, x.shape[-1], self.scale, BLOCK_SIZE=BLOCK_SIZE)
        return out
