# ref: refs/rowsum.py; one program tree-reduces through global scratch memory with no barrier between its lanes' stores and loads: the checker exempts a program's own bytes, but on a GPU other warps' stores are not visible without a barrier
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_scratch_kernel(x_ptr, scr_ptr, out_ptr, D, BLOCK: tl.constexpr, LOG: tl.constexpr):
    r = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r * D + offs, mask=offs < D, other=0.0)
    base = scr_ptr + r * BLOCK
    tl.store(base + offs, x)
    half = BLOCK // 2
    for _ in tl.static_range(LOG):
        lo = tl.load(base + offs, mask=offs < half, other=0.0)
        hi = tl.load(base + offs + half, mask=offs < half, other=0.0)
        tl.store(base + offs, lo + hi, mask=offs < half)
        half = half // 2
    tl.store(out_ptr + r + offs, tl.load(base + offs, mask=offs < 1, other=0.0), mask=offs < 1)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        B, D = x.shape
        BLOCK = triton.next_power_of_2(D)
        LOG = BLOCK.bit_length() - 1
        scr = torch.empty(B, BLOCK, device=x.device, dtype=x.dtype)
        out = torch.empty(B, device=x.device, dtype=x.dtype)
        rowsum_scratch_kernel[(B,)](x, scr, out, D, BLOCK=BLOCK, LOG=LOG)
        return out
