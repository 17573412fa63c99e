# ref: /work/redteam-2026-11-27e/refs/R8B_diff.py; the difference is computed in place: each block reads its left neighbour's last element, then overwrites its own block after a non-waiting acquire on the right neighbour's flag; in the interpreter's reversed order the right neighbour has always read first, but on a GPU a block can overwrite its last element before the right block reads it (write-after-read race).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m, other=0.0), mask=m)


@triton.jit
def diff_inplace_kernel(y_ptr, flag_ptr, D, nb, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    b = tl.program_id(1)
    cols = b * BLOCK + tl.arange(0, BLOCK)
    m = cols < D
    row = y_ptr + r * D
    cur = tl.load(row + cols, mask=m, other=0.0)
    prev = tl.load(row + cols - 1, mask=m & (cols >= 1), other=0.0)
    tl.debug_barrier()
    # publish that this block has read its inputs
    tl.atomic_add(flag_ptr + r * nb + b, 1, sem="release")
    # "wait" for the right neighbour to have read our last element (acquire, value unused)
    if b + 1 < nb:
        tl.atomic_add(flag_ptr + r * nb + b + 1, 0, sem="acquire")
    tl.store(row + cols, cur - prev, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        Bn, D = x.shape
        out = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
        BLOCK = 64
        nb = triton.cdiv(D, BLOCK)
        flags = torch.zeros((Bn * nb,), device=x.device, dtype=torch.int32)
        diff_inplace_kernel[(Bn, nb)](out, flags, D, nb, BLOCK=BLOCK)
        return out
