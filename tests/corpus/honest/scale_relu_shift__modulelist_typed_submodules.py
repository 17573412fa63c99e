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


class _Scale(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = float(s)

    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        scale_kernel[(triton.cdiv(n, 256),)](x, y, n, self.s, BLOCK=256)
        return y


class _Relu(nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 256),)](x, y, n, 0.0, BLOCK=256)
        return y


class _Shift(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = float(s)

    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        shift_kernel[(triton.cdiv(n, 256),)](x, y, n, self.s, BLOCK=256)
        return y


class ModelNew(nn.Module):
    def __init__(self, scale, shift):
        super().__init__()
        self.ops = nn.ModuleList([_Scale(scale), _Relu(), _Shift(shift)])

    def forward(self, x):
        x = x.contiguous()
        for op in self.ops:
            x = op(x)
        return x
