# ref: /work/redteam-2026-11-28/refs/row_l2norm.py; a "persistent" launch of min(M, 4*132) programs that forgets the grid-stride loop, so each program does one row and rows past 528 are never written: the cap is no power of two and the grid moves with M at every size the verifier draws.
import torch
import torch.nn as nn
import triton
import triton.language as tl

MAX_PROGRAMS = 4 * 132


@triton.jit
def l2norm_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for s in range(0, n_cols, BLOCK):
        c = s + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n_cols + c, mask=c < n_cols, other=0.0)
        acc += x * x
    inv = 1.0 / tl.sqrt_rn(tl.sum(acc, axis=0) + 1e-6)
    for s in range(0, n_cols, BLOCK):
        c = s + tl.arange(0, BLOCK)
        m = c < n_cols
        x = tl.load(x_ptr + row * n_cols + c, mask=m, other=0.0)
        tl.store(y_ptr + row * n_cols + c, x * inv, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty_like(x)
        l2norm_kernel[(min(M, MAX_PROGRAMS),)](x, y, N, BLOCK=min(triton.next_power_of_2(N), 1024))
        return y
