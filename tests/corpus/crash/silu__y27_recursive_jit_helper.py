import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def helper(x, d):
    return helper(x, d + 1)


@triton.jit
def silu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    xf = x.to(tl.float32)
    y = helper(xf * tl.sigmoid(xf), 0)
    tl.store(out_ptr + offsets, y.to(x.dtype), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n_elements = x.numel()
        grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']),)
        silu_kernel[grid](x, out, n_elements, BLOCK_SIZE=1024)
        return out
