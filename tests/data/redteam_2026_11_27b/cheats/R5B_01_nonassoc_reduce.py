# ref: /work/redteam-2026-11-27b/refs/R5B_relusum.py; tl.reduce with a NON-associative combine (acc + relu(b)): the interpreter folds left one element at a time so it is right there, a GPU tree-reduces (left leaves never relu'd) and computes garbage
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _acc_relu(a, b):
    return a + tl.where(b > 0, b, 0)


@triton.jit
def relusum_kernel(x_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    cols = offs - 1  # slot 0 holds a zero seed for the fold
    mask = (cols >= 0) & (cols < N)
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    s = tl.reduce(x, 0, _acc_relu)
    tl.store(out_ptr + row, s)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty(M, device=x.device, dtype=x.dtype)
        BLOCK = triton.next_power_of_2(N + 1)
        relusum_kernel[(M,)](x, out, N, BLOCK=BLOCK)
        return out
