import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * s, mask=m)


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


@triton.jit
def shift_kernel(x_ptr, y_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) + s, mask=m)


class _Elementwise(nn.Module):
    def __init__(self, kernel, scalar=0.0):
        super().__init__()
        self.kernel = kernel
        self.scalar = float(scalar)

    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        self.kernel[(triton.cdiv(n, 256),)](x, y, n, self.scalar, BLOCK=256)
        return y


class ModelNew(nn.Module):
    def __init__(self, scale, shift):
        super().__init__()
        self.ops = nn.ModuleList([
            _Elementwise(scale_kernel, scale),
            _Elementwise(relu_kernel),
            _Elementwise(shift_kernel, shift),
        ])

    def forward(self, x):
        x = x.contiguous()
        for op in self.ops:
            x = op(x)
        return x
