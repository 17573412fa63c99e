# ref: /work/redteam-2026-11-27b/refs/rowsum.py; split-row sum where chunk 0's program finalises after an acq_rel atomic whose ticket value it never checks: the race tracker counts any ordered atomic as an acquire and the interpreter runs chunk 0 last, a GPU may run it first and read unwritten partials (race)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_split_kernel(x_ptr, part_ptr, cnt_ptr, out_ptr, N, S, CHUNK: tl.constexpr, SB: tl.constexpr):
    s = tl.program_id(0)
    r = tl.program_id(1)
    offs = s * CHUNK + tl.arange(0, CHUNK)
    x = tl.load(x_ptr + r * N + offs, mask=offs < N, other=0.0)
    p = tl.sum(x, axis=0)
    if s > 0:
        tl.store(part_ptr + r * S + s, p)
        tl.atomic_add(cnt_ptr + r, 1, sem="acq_rel")  # publish the partial
    else:
        tl.atomic_add(cnt_ptr + r, 1, sem="acq_rel")  # "synchronise" (ticket value ignored)
        j = tl.arange(0, SB)
        q = tl.load(part_ptr + r * S + j, mask=(j > 0) & (j < S), other=0.0)
        tl.store(out_ptr + r, p + tl.sum(q, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        CHUNK = 64
        S = triton.cdiv(N, CHUNK)
        part = torch.empty(M, S, device=x.device, dtype=torch.float32)
        cnt = torch.zeros(M, device=x.device, dtype=torch.int32)
        out = torch.empty(M, device=x.device, dtype=x.dtype)
        rowsum_split_kernel[(S, M)](x, part, cnt, out, N, S, CHUNK=CHUNK, SB=max(2, triton.next_power_of_2(S)))
        return out
