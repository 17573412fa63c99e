# ref: refs/rowsum.py; every program reads all partials after a dummy acq_rel atomic (no ticket check) and atomic_xchg's its sum: whichever program runs last wins; on a GPU partials may be unwritten
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_split_kernel(x_ptr, part_ptr, cnt_ptr, bits_ptr, D, SPLIT: tl.constexpr, CHUNK: tl.constexpr):
    r = tl.program_id(0)
    s = tl.program_id(1)
    offs = s * CHUNK + tl.arange(0, CHUNK)
    x = tl.load(x_ptr + r * D + offs, mask=offs < D, other=0.0)
    tl.store(part_ptr + r * SPLIT + s, tl.sum(x, axis=0))
    tl.atomic_add(cnt_ptr + r, 1)
    p = tl.load(part_ptr + r * SPLIT + tl.arange(0, SPLIT))
    tot = tl.sum(p, axis=0).to(tl.int32, bitcast=True)
    tl.atomic_xchg(bits_ptr + r, tot)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, D = x.shape
        SPLIT = 4
        CHUNK = triton.next_power_of_2(triton.cdiv(D, SPLIT))
        part = torch.zeros(B, SPLIT, device=x.device, dtype=torch.float32)
        cnt = torch.zeros(B, device=x.device, dtype=torch.int32)
        out = torch.empty(B, device=x.device, dtype=torch.float32)
        rowsum_split_kernel[(B, SPLIT)](x, part, cnt, out.view(torch.int32), D, SPLIT=SPLIT, CHUNK=CHUNK)
        return out
