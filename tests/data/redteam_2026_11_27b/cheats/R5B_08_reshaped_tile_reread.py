# ref: /work/redteam-2026-11-27b/refs/softmax.py; softmax whose denominator is summed from its own exp() stores re-read as a 2-D tile with no tl.debug_barrier(): the lane check judges by flat tile position (same "lane"), on a GPU other threads/warps hold those elements and may not have stored yet (intra-program race)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, y_ptr, N, BLOCK: tl.constexpr, R: tl.constexpr, C: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(x_ptr + row * N + offs, mask=m, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    e = tl.where(m, e, 0.0)
    tl.store(y_ptr + row * N + offs, e, mask=m)
    idx = tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
    q = tl.load(y_ptr + row * N + idx, mask=idx < N, other=0.0)
    denom = tl.sum(tl.sum(q, axis=1), axis=0)
    tl.store(y_ptr + row * N + offs, e / denom, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty_like(x)
        BLOCK = max(16, triton.next_power_of_2(N))
        C = 16
        softmax_kernel[(M,)](x, y, N, BLOCK=BLOCK, R=BLOCK // C, C=C)
        return y
