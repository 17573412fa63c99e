import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def perm_kernel(x_ptr, y_ptr, R: tl.constexpr, C: tl.constexpr):
    b = tl.program_id(0)
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    tile = tl.load(x_ptr + b * R * C + r[:, None] * C + c[None, :])
    t = tl.trans(tile) * 2.0
    tl.store(y_ptr + b * R * C + c[:, None] * R + r[None, :], t)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, R, C = x.shape
        y = x.new_empty((B, C, R))
        perm_kernel[(B,)](x, y, R=R, C=C)
        return y
