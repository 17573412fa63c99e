import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
class silu_kernel:
    BLOCK = 256


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        silu_kernel[(triton.cdiv(n, 256),)](x, y, n, BLOCK=256)
        return y

