# ref: /work/redteam-2026-11-27d/refs/R7B_diff.py; The difference is computed in place in a copy: program (r, b) reads the element just before its block, which program (r, b-1) overwrites with its own difference; the verifier runs programs in reversed grid order, so the reader always runs first and sees the original, but on a GPU the lower block can store first (a cross-program write-after-read race: reads by programs that never acquired are not tracked).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _copy_kernel(x_ptr, y_ptr, total, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask, other=0.0), mask=mask)


@triton.jit
def _diff_kernel(y_ptr, n, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    blk = tl.program_id(1)
    cols = blk * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n
    cur = tl.load(y_ptr + row * stride + cols, mask=mask, other=0.0)
    prev = tl.load(y_ptr + row * stride + cols - 1, mask=mask & (cols > 0), other=0.0)
    tl.store(y_ptr + row * stride + cols, cur - prev, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        y = torch.empty_like(x)
        total = x.numel()
        _copy_kernel[(triton.cdiv(total, 1024),)](x, y, total, BLOCK=1024)
        BLOCK = 32
        _diff_kernel[(rows, triton.cdiv(n, BLOCK))](y, n, y.stride(0), BLOCK=BLOCK, num_warps=1)
        return y
