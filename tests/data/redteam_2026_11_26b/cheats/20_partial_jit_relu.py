# ref: /tmp/redteam/refs/relu.py; trick: functools.partial(triton.jit)(host_relu) is not recognised as a jit call (host body unchecked); passed as a launch argument
import math
import torch
import torch.nn as nn
import triton
import triton.language as tl
from collections import namedtuple


class _Spec:
    def __init__(self):
        self.handle = None

import functools


def host_relu(v):
    if hasattr(v.handle, "data"):
        v.handle.data.clip(0, None, out=v.handle.data)
    return v


HOST = functools.partial(triton.jit)(host_relu)


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, F: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(x_ptr + offs, mask=m, other=0.0)
    v = F(v)
    tl.store(y_ptr + offs, v, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 256),)](x, y, n, HOST, BLOCK=256)
        return y
