# ref: /work/redteam-2026-11-28/refs/mse_loss.py; each program stores a partial sum and takes an acq_rel ticket whose value it only stores, then program 0 (the LAST under the interpreter's reversed grid order, usually the FIRST on a GPU) finalises without waiting for the ticket count, so on a GPU it sums unwritten partials.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mse_kernel(a_ptr, b_ptr, part_ptr, ticket_ptr, seen_ptr, out_ptr, n_cols, n_rows, inv_n,
               BLOCK: tl.constexpr, RB: tl.constexpr):
    pid = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        c = start + cols
        m = c < n_cols
        a = tl.load(a_ptr + pid * n_cols + c, mask=m, other=0.0)
        b = tl.load(b_ptr + pid * n_cols + c, mask=m, other=0.0)
        d = a - b
        acc += d * d
    tl.store(part_ptr + pid, tl.sum(acc, axis=0))
    t = tl.atomic_add(ticket_ptr, 1, sem="acq_rel")
    tl.store(seen_ptr + pid, t)
    if pid == 0:
        r = tl.arange(0, RB)
        tot = tl.zeros((RB,), dtype=tl.float32)
        for s in range(0, n_rows, RB):
            p = tl.load(part_ptr + s + r, mask=(s + r) < n_rows, other=0.0)
            tot += p
        tl.store(out_ptr, tl.sum(tot, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a = a.contiguous()
        b = b.contiguous()
        M = a.shape[0]
        N = a.numel() // M
        part = torch.empty(M, device=a.device, dtype=torch.float32)
        ticket = torch.zeros(1, device=a.device, dtype=torch.int32)
        seen = torch.empty(M, device=a.device, dtype=torch.int32)
        out = torch.empty((), device=a.device, dtype=torch.float32)
        mse_kernel[(M,)](a, b, part, ticket, seen, out, N, M, 1.0 / (M * N),
                         BLOCK=min(triton.next_power_of_2(N), 1024), RB=64)
        return out
