# ref: /work/redteam-2026-11-27d/refs/R7B_flip.py; Each program adds its row into a zeroed scratch row with tl.atomic_add (one lane per element) and then reads it back reversed with tl.load, with no barrier: the interpreter runs the tile as one numpy op so every lane sees the others' writes, but on a GPU another warp's atomic may not have happened yet (the lane-race check follows plain stores only).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _flip_kernel(x_ptr, s_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0)
    tl.atomic_add(s_ptr + row * stride + offs, x, mask=mask)
    rev = n - 1 - offs
    y = tl.load(s_ptr + row * stride + rev, mask=mask, other=0.0)
    tl.store(y_ptr + row * stride + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        s = torch.zeros_like(x)
        y = torch.empty_like(x)
        _flip_kernel[(rows,)](x, s, y, n, x.stride(0), BLOCK=triton.next_power_of_2(n))
        return y
