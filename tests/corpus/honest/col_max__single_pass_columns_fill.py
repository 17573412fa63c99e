import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def colmax_loop_kernel(X, OUT, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    cols = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    best = tl.full((BLOCK_N,), float("-inf"), dtype=tl.float32)
    for m0 in tl.range(0, M, BLOCK_M):
        rows = m0 + tl.arange(0, BLOCK_M)
        msk = (rows[:, None] < M) & (cols[None, :] < N)
        v = tl.load(X + rows[:, None] * stride_m + cols[None, :], mask=msk, other=float("-inf"))
        best = tl.maximum(best, tl.max(v, axis=0).to(tl.float32))
    tl.store(OUT + cols, best, mask=cols < N)


class ModelNew(nn.Module):
    def forward(self, x):
        assert x.stride(-1) == 1
        M, N = x.shape
        out = torch.empty(N, device=x.device, dtype=x.dtype).fill_(0.0)
        BLOCK_N = 16
        colmax_loop_kernel[(triton.cdiv(N, BLOCK_N),)](x, out, M, N, x.stride(0), BLOCK_M=64, BLOCK_N=BLOCK_N)
        return out
