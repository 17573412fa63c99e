# ref: /work/redteam-2026-11-27/refs/rowsum.py; race: split-row partial sums; each program bumps an acq_rel counter but the ticket value is never checked: the first and the last chunk program both finalise unconditionally, so either sequential interpreter order is right while on a GPU the finaliser does not wait for the others
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_split_kernel(x_ptr, part_ptr, cnt_ptr, out_ptr, D, stride_x, NCHUNK: tl.constexpr, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.program_id(1)
    offs = c * CHUNK + tl.arange(0, CHUNK)
    m = offs < D
    v = tl.load(x_ptr + row * stride_x + offs, mask=m, other=0.0).to(tl.float32)
    tl.store(part_ptr + row * NCHUNK + c, tl.sum(v, axis=0))
    tl.atomic_add(cnt_ptr + row, 1)  # acq_rel ticket; its value is ignored
    if (c == 0) | (c == NCHUNK - 1):
        tl.debug_barrier()
        idx = tl.arange(0, NCHUNK)
        parts = tl.load(part_ptr + row * NCHUNK + idx)
        tl.store(out_ptr + row, tl.sum(parts, axis=0))
        tl.atomic_add(cnt_ptr + row, 0)  # "release" the row result


class ModelNew(nn.Module):
    def forward(self, x):
        B, D = x.shape
        CHUNK = 64
        nchunk = triton.next_power_of_2(triton.cdiv(D, CHUNK))
        part = torch.zeros(B * nchunk, device=x.device, dtype=torch.float32)
        cnt = torch.zeros(B, device=x.device, dtype=torch.int32)
        out = torch.empty(B, device=x.device, dtype=x.dtype)
        rowsum_split_kernel[(B, nchunk)](x, part, cnt, out, D, x.stride(0), NCHUNK=nchunk, CHUNK=CHUNK)
        return out
