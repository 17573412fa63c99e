# ref: /work/redteam-2026-11-27d/refs/R7B_mse.py; "Last program finalises" with only relaxed atomics: each program atomically adds its partial sum, takes a ticket with a relaxed atomic, and the last ticket reads the total with atomic_add(acc, 0): correct in any sequential order, but on a GPU relaxed atomics to different addresses are unordered, so the last ticket can read the sum before other programs' adds land (needs acq_rel); the race check never pairs two atomics.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _mse_kernel(p_ptr, t_ptr, acc_ptr, cnt_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    p = tl.load(p_ptr + offs, mask=mask, other=0.0)
    t = tl.load(t_ptr + offs, mask=mask, other=0.0)
    d = p - t
    part = tl.sum(d * d, axis=0)
    tl.atomic_add(acc_ptr, part, sem="relaxed")
    ticket = tl.atomic_add(cnt_ptr, 1, sem="relaxed")
    if ticket == tl.num_programs(0) - 1:
        total = tl.atomic_add(acc_ptr, 0.0, sem="relaxed")
        tl.store(out_ptr, total / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        p = predictions.contiguous()
        t = targets.contiguous()
        n = p.numel()
        acc = torch.zeros(1, device=p.device, dtype=torch.float32)
        cnt = torch.zeros(1, device=p.device, dtype=torch.int32)
        out = torch.empty((), device=p.device, dtype=torch.float32)
        BLOCK = 512
        _mse_kernel[(triton.cdiv(n, BLOCK),)](p, t, acc, cnt, out, n, BLOCK=BLOCK)
        return out
