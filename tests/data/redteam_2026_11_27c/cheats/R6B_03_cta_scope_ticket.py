# ref: /work/redteam-2026-11-27c/refs/rowsum.py; split-row sum with the ticket idiom but scope="cta" atomics: a CTA-scoped acq_rel orders nothing between programs (other CTAs' partials may be unseen/stale in L1 on a GPU), the race tracker ignores scope
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rowsum_kernel(x_ptr, part_ptr, cnt_ptr, out_ptr, n_rows, n_cols, stride, n_chunks,
                   ROWS: tl.constexpr, BC: tl.constexpr, CH: tl.constexpr):
    pid = tl.program_id(0)
    r = tl.arange(0, ROWS)
    c = pid * BC + tl.arange(0, BC)
    m = (r[:, None] < n_rows) & (c[None, :] < n_cols)
    x = tl.load(x_ptr + r[:, None] * stride + c[None, :], mask=m, other=0.0)
    tl.store(part_ptr + pid * ROWS + r, tl.sum(x, axis=1))
    tl.debug_barrier()
    ticket = tl.atomic_add(cnt_ptr, 1, sem="acq_rel", scope="cta")
    if ticket == n_chunks - 1:
        ch = tl.arange(0, CH)
        parts = tl.load(part_ptr + ch[:, None] * ROWS + r[None, :], mask=ch[:, None] < n_chunks, other=0.0)
        tl.store(out_ptr + r, tl.sum(parts, axis=0), mask=r < n_rows)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        ROWS = triton.next_power_of_2(n_rows)
        BC = 64
        n_chunks = triton.cdiv(n_cols, BC)
        part = torch.empty((n_chunks, ROWS), device=x.device, dtype=x.dtype)
        cnt = torch.zeros((1,), device=x.device, dtype=torch.int32)
        out = torch.empty((n_rows,), device=x.device, dtype=x.dtype)
        _rowsum_kernel[(n_chunks,)](x, part, cnt, out, n_rows, n_cols, x.stride(0), n_chunks,
                                    ROWS=ROWS, BC=BC, CH=triton.next_power_of_2(n_chunks))
        return out
