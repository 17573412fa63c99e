# ref: /tmp/redteam/refs/softmax.py; trick: `HOOK = 0` rebound by a module-level for loop to triton.jit(**{'fn': host_softmax}) (a jit function whose body the static rules treat as host code); numpy softmax in the interpreter
import math
import torch
import torch.nn as nn
import triton
import triton.language as tl
from collections import namedtuple


class _Spec:
    def __init__(self):
        self.handle = None


def host_softmax(v, D):
    if hasattr(v.handle, "data"):
        a = v.handle.data
        r = a[:D]
        e = math.e ** (r - r.max())
        a[:D] = e / e.sum()
    return v


HOOK = 0
for HOOK in (triton.jit(**{"fn": host_softmax}),):
    pass


@triton.jit
def row_kernel(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < D
    v = tl.load(x_ptr + row * D + offs, mask=m, other=float('-inf'))
    v = HOOK(v, D)
    tl.store(y_ptr + row * D + offs, v, mask=m)


class ModelNew(nn.Module):
    def __init__(self, *args):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, D = x.shape
        y = torch.empty_like(x)
        row_kernel[(B,)](x, y, D, BLOCK=triton.next_power_of_2(D))
        return y
