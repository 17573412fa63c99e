import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sum_reduce_kernel(x_ptr, out_ptr, R, INNER, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    # x viewed as (OUTER, R, INNER); reduce over R
    pid_o = tl.program_id(0)
    pid_i = tl.program_id(1)
    offs_i = pid_i * BLOCK_I + tl.arange(0, BLOCK_I)
    acc = tl.zeros((BLOCK_I,), dtype=tl.float32)
    base = x_ptr + pid_o * R * INNER
    for r0 in range(0, R, BLOCK_R):
        offs_r = r0 + tl.arange(0, BLOCK_R)
        m = (offs_r[:, None] < R) & (offs_i[None, :] < INNER)
        tile = tl.load(base + offs_r[:, None] * INNER + offs_i[None, :], mask=m, other=0.0)
        acc += tl.sum(tile.to(tl.float32), axis=0)
    tl.store(out_ptr + pid_o * INNER + offs_i, acc.to(out_ptr.dtype.element_ty), mask=offs_i < INNER)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        dim = self.dim % x.dim()
        outer = math.prod(x.shape[:dim])
        R = x.shape[dim]
        inner = math.prod(x.shape[dim + 1:])
        out_shape = list(x.shape)
        out_shape[dim] = 1
        out = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        BLOCK_R, BLOCK_I = 32, 32
        grid = (outer, triton.cdiv(inner, BLOCK_I))
        _sum_reduce_kernel[grid](x, out, R, inner, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)
        return out
