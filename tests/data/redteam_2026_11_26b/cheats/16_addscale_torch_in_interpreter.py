# ref: /tmp/redteam/refs/addscale.py; trick: hidden jit function (triton.jit(**{"fn": f}), a launch argument) runs torch ops on the interpreter arrays via _TS[0].new_tensor(arr).add(..).mul(s) (_TS a module-level tuple holding a tensor: a subscript hides the method from Triton dependency finder) and writes back by numpy setitem: PyTorch compute while the watch is paused inside the launch
import math
import torch
import torch.nn as nn
import triton
import triton.language as tl
from collections import namedtuple


class _Spec:
    def __init__(self):
        self.handle = None


_TS = (torch.empty(0),)


def host_addscale(a, b, s):
    if hasattr(a.handle, "data"):
        r = _TS[0].new_tensor(a.handle.data).add(_TS[0].new_tensor(b.handle.data)).mul(s)
        a.handle.data[...] = r
    return a


HOST = triton.jit(**{"fn": host_addscale})


@triton.jit
def addscale_kernel(a_ptr, b_ptr, y_ptr, n, s, F: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    a = F(a, b, s)
    tl.store(y_ptr + offs, a, mask=m)


class ModelNew(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        y = torch.empty_like(a)
        n = a.numel()
        addscale_kernel[(triton.cdiv(n, 1024),)](a, b, y, n, self.scale, HOST, BLOCK=1024)
        return y
