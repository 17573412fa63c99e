# ref: refs/softmax.py; lying compiler hints: tl.multiple_of claims every row start and row length is a multiple of 16 (false for the tiny/odd sizes); the interpreter ignores hints, a GPU vectorises on them (misaligned/over-wide masked accesses)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, D, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    Dh = tl.multiple_of(D, 16)
    start = tl.multiple_of(r * Dh, 16)
    offs = tl.max_contiguous(tl.arange(0, BLOCK), BLOCK)
    m = offs < Dh
    x = tl.load(x_ptr + start + offs, mask=m, other=-float("inf")).to(tl.float32)
    mx = tl.max(x, axis=0)
    e = tl.where(m, tl.exp(x - mx), 0.0)
    y = e / tl.sum(e, axis=0)
    tl.store(out_ptr + start + offs, y.to(out_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, D = x.shape
        out = torch.empty_like(x)
        softmax_kernel[(B,)](x, out, D, BLOCK=max(16, triton.next_power_of_2(D)))
        return out
