# ref: refs/relu.py; a jit helper built in a factory reads `hook` as a CLOSURE variable: host_reach walks only co_names of the helper's original code (freevars unseen), the interpreter re-execs the helper at module level where `hook` is a host object; static resolves `hook` by its first alias (tl.abs)
import torch
import torch.nn as nn
import triton
import triton.language as tl

hook = tl.abs


class Hook(tl.constexpr):
    handle = None

    def __call__(self, x):
        x.handle.data.clip(0.0, None, out=x.handle.data)
        return x


def make_helper():
    hook = Hook(tl.abs)

    @triton.jit
    def rowop(x):
        return hook(x)

    return rowop


hook = Hook(tl.abs)
rowop = make_helper()


@triton.jit
def relu_kernel(x_ptr, o_ptr, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(x_ptr + offs, mask=mask)
    y = rowop(x)
    tl.store(o_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, out, n, 1024)
        return out
