# ref: /work/redteam-2026-11-27b/refs/rowsum.py; split-row sum accumulated under a "lock" taken by ONE atomic_cas with no retry loop: on the sequential interpreter every CAS succeeds, on a GPU contending programs fail the CAS and silently drop their partial (race)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_lock_kernel(x_ptr, lock_ptr, out_ptr, N, CHUNK: tl.constexpr):
    s = tl.program_id(0)
    r = tl.program_id(1)
    offs = s * CHUNK + tl.arange(0, CHUNK)
    x = tl.load(x_ptr + r * N + offs, mask=offs < N, other=0.0)
    p = tl.sum(x, axis=0)
    got = tl.atomic_cas(lock_ptr + r, 0, 1, sem="acquire")
    if got == 0:
        cur = tl.load(out_ptr + r)
        tl.store(out_ptr + r, cur + p)
        tl.atomic_xchg(lock_ptr + r, 0, sem="release")


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        CHUNK = 64
        S = triton.cdiv(N, CHUNK)
        lock = torch.zeros(M, device=x.device, dtype=torch.int32)
        out = torch.zeros(M, device=x.device, dtype=x.dtype)
        rowsum_lock_kernel[(S, M)](x, lock, out, N, CHUNK=CHUNK)
        return out
