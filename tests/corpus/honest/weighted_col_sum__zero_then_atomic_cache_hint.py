import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_ROWS = tl.constexpr(32)
BLOCK_COLS = tl.constexpr(64)


@triton.jit
def _colsum(X, W, OUT, M, N, stride_xm):
    pid = tl.program_id(0)
    rows = pid * BLOCK_ROWS + tl.arange(0, BLOCK_ROWS)
    w = tl.load(W + rows, mask=rows < M, other=0.0, cache_modifier=".cg")
    for c0 in range(0, N, BLOCK_COLS):
        cols = c0 + tl.arange(0, BLOCK_COLS)
        m = (rows[:, None] < M) & (cols[None, :] < N)
        x = tl.load(X + rows[:, None] * stride_xm + cols[None, :], mask=m, other=0.0,
                    eviction_policy="evict_first")
        tl.atomic_add(OUT + cols, tl.sum(x * w[:, None], axis=0), mask=cols < N, sem="relaxed")


class ModelNew(nn.Module):
    @torch.no_grad()
    def forward(self, x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
        M, N = x.shape
        out = x.new_empty(N)
        out.zero_()
        _colsum[(triton.cdiv(M, BLOCK_ROWS.value),)](x, w, out, M, N, x.stride(0))
        return out
