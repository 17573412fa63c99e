# ref: /work/redteam-2026-11-28/refs/B_rowsum.py; each program reads the row accumulator with an atomic and writes back old+partial with a plain store, a non-atomic read-modify-write that is exact under any serial program order but loses updates when programs interleave on a GPU.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_rmw_kernel(x_ptr, out_ptr, N, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    part = tl.program_id(1)
    cols = part * CHUNK + tl.arange(0, CHUNK)
    v = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
    s = tl.sum(v, axis=0)
    old = tl.atomic_add(out_ptr + row, 0.0)
    tl.store(out_ptr + row, old + s)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        B, N = x.shape
        out = torch.zeros((B,), device=x.device, dtype=x.dtype)
        CHUNK = 64
        rowsum_rmw_kernel[(B, triton.cdiv(N, CHUNK))](x, out, N, CHUNK=CHUNK)
        return out
