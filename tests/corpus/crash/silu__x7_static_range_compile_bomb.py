import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def silu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, REPS: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    acc = x
    for i in tl.static_range(REPS):
        acc = acc * 1.0
    tl.store(y_ptr + offs, acc / (1.0 + tl.exp(-acc)), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        silu_kernel[(triton.cdiv(n, 2048),)](x, y, n, BLOCK=2048, REPS=1000000)
        return y
