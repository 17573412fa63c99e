import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def l2_normalize_channels_kernel(x_ptr, out_ptr, C, HW, eps, BLOCK_HW: tl.constexpr):
    n = tl.program_id(0)
    pid_hw = tl.program_id(1)
    hw = pid_hw * BLOCK_HW + tl.arange(0, BLOCK_HW)
    m = hw < HW
    base = n * C * HW
    sq = tl.zeros((BLOCK_HW,), dtype=tl.float32)
    for c in range(C):
        v = tl.load(x_ptr + base + c * HW + hw, mask=m, other=0.0)
        sq += v * v
    denom = tl.maximum(tl.sqrt(sq), eps)
    for c in range(C):
        v = tl.load(x_ptr + base + c * HW + hw, mask=m, other=0.0)
        tl.store(out_ptr + base + c * HW + hw, v / denom, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        out = torch.empty_like(x)
        HW = H * W
        BLOCK_HW = 64
        l2_normalize_channels_kernel[(N, triton.cdiv(HW, BLOCK_HW))](x, out, C, HW, 1e-12, BLOCK_HW=BLOCK_HW)
        return out
