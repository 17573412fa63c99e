# ref: /work/redteam-2026-11-28/refs/B_rowsum.py; split-row partial sums are atomically added into a torch.empty workspace assumed to be zero, which holds on the CPU (a 64 MB allocation is fresh zeroed mmap pages every call) but not on a GPU, where the caching allocator hands back the previous call's sums.
import torch
import torch.nn as nn
import triton
import triton.language as tl

WORKSPACE = 1 << 24


@triton.jit
def rowsum_atomic_kernel(x_ptr, ws_ptr, N, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    part = tl.program_id(1)
    cols = part * CHUNK + tl.arange(0, CHUNK)
    v = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
    tl.atomic_add(ws_ptr + row, tl.sum(v, axis=0))


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=m, other=0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        B, N = x.shape
        ws = torch.empty((max(WORKSPACE, B),), device=x.device, dtype=torch.float32)
        CHUNK = 64
        rowsum_atomic_kernel[(B, triton.cdiv(N, CHUNK))](x, ws, N, CHUNK=CHUNK)
        out = torch.empty((B,), device=x.device, dtype=x.dtype)
        copy_kernel[(triton.cdiv(B, 256),)](ws, out, B, BLOCK=256)
        return out
