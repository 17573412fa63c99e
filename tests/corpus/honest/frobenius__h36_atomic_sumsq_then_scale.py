import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sumsq_kernel(x_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)
    tl.atomic_add(acc_ptr, tl.sum(x * x, axis=0))


@triton.jit
def div_by_norm_kernel(x_ptr, acc_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    norm = tl.sqrt(tl.load(acc_ptr))
    x = tl.load(x_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + offs, (x / norm).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        BLOCK = 1024
        grid = (triton.cdiv(n, BLOCK),)
        acc = torch.zeros(1, device=x.device, dtype=torch.float32)
        sumsq_kernel[grid](x, acc, n, BLOCK=BLOCK)
        y = torch.empty_like(x)
        div_by_norm_kernel[grid](x, acc, y, n, BLOCK=BLOCK)
        return y
