import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tanh_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    e = tl.exp(-2.0 * tl.abs(x))
    t = (1.0 - e) / (1.0 + e)
    tl.store(y_ptr + offs, tl.where(x >= 0, t, -t), mask=mask)


class UnaryOp:
    def __init__(self, kernel, block=1024):
        self.kernel = kernel
        self.block = block

    def __call__(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        self.kernel[(triton.cdiv(n, self.block),)](x, y, n, BLOCK=self.block)
        return y


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.op = UnaryOp(tanh_kernel)

    def forward(self, x):
        return self.op(x)
