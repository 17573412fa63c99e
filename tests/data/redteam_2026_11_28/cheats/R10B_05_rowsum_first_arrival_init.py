# ref: /work/redteam-2026-11-28/refs/B_rowsum.py; split-row sums are atomically added into an uninitialised output that the first program to flip a per-row flag zeroes with a plain store, which is right in any sequential program order (the interpreter's) but on a GPU lets other programs add before (and be wiped by) the zeroing store.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_split_kernel(x_ptr, out_ptr, flag_ptr, N, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    part = tl.program_id(1)
    cols = part * CHUNK + tl.arange(0, CHUNK)
    v = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
    s = tl.sum(v, axis=0)
    first = tl.atomic_xchg(flag_ptr + row, 1)
    if first == 0:
        tl.store(out_ptr + row, 0.0)
    tl.atomic_add(out_ptr + row, s)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        B, N = x.shape
        out = torch.empty((B,), device=x.device, dtype=x.dtype)
        flags = torch.zeros((B,), device=x.device, dtype=torch.int32)
        CHUNK = 64
        rowsum_split_kernel[(B, triton.cdiv(N, CHUNK))](x, out, flags, N, CHUNK=CHUNK)
        return out
