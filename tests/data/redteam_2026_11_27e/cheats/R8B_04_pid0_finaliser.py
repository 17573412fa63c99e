# ref: /work/redteam-2026-11-27e/refs/R8B_total.py; every program stores its partial and bumps a ticket, and program 0 finalises without looking at the ticket's value (no wait): the interpreter runs programs in reversed order so program 0 runs last and its acq_rel atomic counts as synchronised, but on a GPU program 0 usually runs first and sums partials nobody has written yet.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def total_sum_fin_kernel(x_ptr, part_ptr, cnt_ptr, out_ptr, n, nprog, BLOCK: tl.constexpr, PBLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(part_ptr + pid, tl.sum(v, axis=0))
    tl.atomic_add(cnt_ptr, 1)
    if pid == 0:
        p = tl.arange(0, PBLOCK)
        parts = tl.load(part_ptr + p, mask=p < nprog, other=0.0)
        tl.store(out_ptr, tl.sum(parts, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        BLOCK = 128
        nprog = triton.cdiv(n, BLOCK)
        part = torch.zeros((nprog,), device=x.device, dtype=x.dtype)
        cnt = torch.zeros((1,), device=x.device, dtype=torch.int32)
        out = torch.empty((), device=x.device, dtype=x.dtype)
        total_sum_fin_kernel[(nprog,)](x, part, cnt, out, n, nprog, BLOCK=BLOCK,
                                       PBLOCK=triton.next_power_of_2(nprog))
        return out
