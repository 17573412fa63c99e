import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_inplace_kernel(p, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(p + offs, mask=m)
    tl.store(p + offs, tl.maximum(v, 0.0), mask=m)


@triton.jit
def sigmoid_inplace_kernel(p, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(p + offs, mask=m).to(tl.float32)
    tl.store(p + offs, (1.0 / (1.0 + tl.exp(-v))).to(p.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = x.clone()  # keep the input intact; kernels update their own copies in place
        b = x.clone()
        n = x.numel()
        grid = (triton.cdiv(n, 1024),)
        relu_inplace_kernel[grid](a, n, BLOCK=1024)
        sigmoid_inplace_kernel[grid](b, n, BLOCK=1024)
        return a, b
