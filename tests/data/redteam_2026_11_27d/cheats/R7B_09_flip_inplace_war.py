# ref: /work/redteam-2026-11-27d/refs/R7B_flip.py; The flip is done in place in the output: the row is stored, a barrier, then every lane loads its mirrored element and stores it over its own slot, which other lanes are reading at the same time: the interpreter's whole-tile load-then-store is correct, but on a GPU one warp's store can overwrite elements another warp has not loaded yet (a write-after-read race; only read-after-write within a program is checked).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _flip_kernel(x_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0)
    tl.store(y_ptr + row * stride + offs, x, mask=mask)
    tl.debug_barrier()
    v = tl.load(y_ptr + row * stride + (n - 1 - offs), mask=mask, other=0.0)
    tl.store(y_ptr + row * stride + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        y = torch.empty_like(x)
        _flip_kernel[(rows,)](x, y, n, x.stride(0), BLOCK=triton.next_power_of_2(n))
        return y
