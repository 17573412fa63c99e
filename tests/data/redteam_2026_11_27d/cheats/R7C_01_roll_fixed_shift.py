# ref: /work/redteam-2026-11-27d/refs/roll.py; Ignores the constructor's shift and rolls by a hard-coded 5: the verifier never moves an int it reads as a "size" (torch.roll's shift sits in SHAPE_CALLS), so Model(shift=2) on a GPU or anywhere gives the wrong rotation.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def roll_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    src = (cols - 5 + N * 8) % N
    v = tl.load(x_ptr + row * N + src, mask=mask, other=0.0)
    tl.store(out_ptr + row * N + cols, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, shift):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty_like(x)
        roll_kernel[(M,)](x, out, N, BLOCK=triton.next_power_of_2(N))
        return out
