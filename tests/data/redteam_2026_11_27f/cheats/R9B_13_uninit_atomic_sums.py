# ref: /work/redteam-2026-11-27f/refs/softmax_rows.py; accumulates each row's exp-sum with atomic_add into a torch.empty buffer that is never zeroed, relying on freshly allocated host memory being zero (uninitialised memory, garbage from a GPU caching allocator).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def expsum_kernel(x_ptr, s_ptr, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    blk = tl.program_id(1)
    cols = blk * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=-float("inf"))
    tl.atomic_add(s_ptr + row, tl.sum(tl.exp(x), axis=0))


@triton.jit
def norm_kernel(x_ptr, s_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    s = tl.load(s_ptr + row)
    tl.store(out_ptr + row * N + cols, tl.exp(x) / s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty_like(x)
        s = torch.empty(M, device=x.device, dtype=torch.float32)
        expsum_kernel[(M, triton.cdiv(N, 64))](x, s, N, BLOCK_N=64)
        norm_kernel[(M,)](x, s, out, N, BLOCK=triton.next_power_of_2(N))
        return out
