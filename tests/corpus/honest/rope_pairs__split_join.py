import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rotate_pairs_kernel(x_ptr, th_ptr, out_ptr, SEQ, HALF, BLOCK_H: tl.constexpr):
    # one program per (batch, position) row of HALF interleaved (re, im) pairs
    row = tl.program_id(0)
    pos = row % SEQ
    h = tl.arange(0, BLOCK_H)
    two = tl.arange(0, 2)
    hm = h < HALF
    ptrs = x_ptr + row * (2 * HALF) + h[:, None] * 2 + two[None, :]
    pair = tl.load(ptrs, mask=hm[:, None], other=0.0)          # (BLOCK_H, 2)
    xr, xi = tl.split(pair)
    th = tl.load(th_ptr + pos * HALF + h, mask=hm, other=0.0)
    c = tl.cos(th)
    s = tl.sin(th)
    out = tl.join(xr * c - xi * s, xr * s + xi * c)             # (BLOCK_H, 2)
    tl.store(out_ptr + row * (2 * HALF) + h[:, None] * 2 + two[None, :], out, mask=hm[:, None])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, theta: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        theta = theta.contiguous()
        B, S, D = x.shape
        half = D // 2
        out = torch.empty_like(x)
        _rotate_pairs_kernel[(B * S,)](x, theta, out, S, half, BLOCK_H=triton.next_power_of_2(half))
        return out
