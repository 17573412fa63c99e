import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def transpose_tile_kernel(X, Y, R, C, scale, TR: tl.constexpr, TC: tl.constexpr):
    b = tl.program_id(0)
    pr = tl.program_id(1)
    pc = tl.program_id(2)
    r = pr * TR + tl.arange(0, TR)
    c = pc * TC + tl.arange(0, TC)
    tile = tl.load(X + b * R * C + r[:, None] * C + c[None, :],
                   mask=(r[:, None] < R) & (c[None, :] < C), other=0.0)
    tile_t = tl.permute(tile, (1, 0)) * scale  # (TC, TR)
    tl.debug_barrier()
    # split/join round trip on the scaled tile (pairs of columns), keeps values
    pairs = tl.reshape(tile_t, (TC, TR // 2, 2))
    lo, hi = tl.split(pairs)
    tile_t = tl.reshape(tl.join(lo, hi), (TC, TR))
    tl.store(Y + b * R * C + c[:, None] * R + r[None, :], tile_t,
             mask=(c[:, None] < C) & (r[None, :] < R))


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        x = x.contiguous()
        B, R, C = x.shape
        y = torch.empty((B, C, R), device=x.device, dtype=x.dtype)
        TR, TC = 16, 32
        transpose_tile_kernel[(B, triton.cdiv(R, TR), triton.cdiv(C, TC))](x, y, R, C, self.scale, TR=TR, TC=TC)
        return y
