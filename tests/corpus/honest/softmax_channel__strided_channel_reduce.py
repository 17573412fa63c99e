import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _channel_softmax_kernel(x_ptr, y_ptr, C, HW, sb, sc, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    b = tl.program_id(0)
    ps = tl.program_id(1)
    cs = tl.arange(0, BLOCK_C)
    ss = ps * BLOCK_S + tl.arange(0, BLOCK_S)
    m = (cs[:, None] < C) & (ss[None, :] < HW)
    offs = b * sb + cs[:, None] * sc + ss[None, :]
    x = tl.load(x_ptr + offs, mask=m, other=float("-inf"))
    mx = tl.max(x, axis=0)
    e = tl.exp(x - mx[None, :])
    e = tl.where(m, e, 0.0)
    s = tl.sum(e, axis=0)
    tl.store(y_ptr + offs, e / s[None, :], mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, C, H, W = x.shape
        y = torch.empty_like(x)
        BLOCK_S = 32
        grid = (B, triton.cdiv(H * W, BLOCK_S))
        _channel_softmax_kernel[grid](x, y, C, H * W, x.stride(0), x.stride(1),
                                      BLOCK_C=triton.next_power_of_2(C), BLOCK_S=BLOCK_S)
        return y
