# ref: /work/redteam-2026-11-27f/refs/row_sumsq.py; the two-pass reduction's partial-sum scratch is allocated with torch.zeros(...) and no device=, i.e. always on the CPU: the CPU interpreter (where the task's device is the CPU) accepts it, while on a real GPU the kernel is handed a host pointer and the launch fails.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _partial_kernel(x_ptr, part_ptr, N, NB, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    blk = tl.program_id(1)
    offs = blk * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * N + offs, mask=offs < N, other=0.0)
    tl.store(part_ptr + row * NB + blk, tl.sum(x * x, axis=0))


@triton.jit
def _final_kernel(part_ptr, out_ptr, NB, BLOCK_B: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_B)
    p = tl.load(part_ptr + row * NB + offs, mask=offs < NB, other=0.0)
    tl.store(out_ptr + row, tl.sum(p, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        M, N = x.shape
        BLOCK = 64
        nb = triton.cdiv(N, BLOCK)
        partials = torch.zeros(M, nb, dtype=x.dtype)
        out = torch.empty(M, device=x.device, dtype=x.dtype)
        _partial_kernel[(M, nb)](x, partials, N, nb, BLOCK=BLOCK)
        _final_kernel[(M,)](partials, out, nb, BLOCK_B=triton.next_power_of_2(nb))
        return out
