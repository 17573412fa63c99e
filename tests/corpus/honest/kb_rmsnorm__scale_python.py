import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rms_kernel(x_ptr, y_ptr, C, HW, inv_C, eps, BLOCK_C: tl.constexpr, BLOCK_HW: tl.constexpr):
    pid_b = tl.program_id(0)
    pid_s = tl.program_id(1)
    c = tl.arange(0, BLOCK_C)[:, None]
    s = (pid_s * BLOCK_HW + tl.arange(0, BLOCK_HW))[None, :]
    m = (c < C) & (s < HW)
    ptr = x_ptr + pid_b * C * HW + c * HW + s
    x = tl.load(ptr, mask=m, other=0.0)
    inv_rms = tl.math.rsqrt(tl.sum(x * x, axis=0) * inv_C + eps)
    tl.store(y_ptr + pid_b * C * HW + c * HW + s, x * inv_rms[None, :], mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super(ModelNew, self).__init__()
        self.num_features = num_features
        self.eps = eps

    def forward(self, x):
        x = x.contiguous()
        B, C, H, W = x.size()
        HW = H * W
        inv_C = 1.0 / self.num_features
        y = torch.empty_like(x)
        BLOCK_HW = max(16, min(128, triton.next_power_of_2(HW)))
        rms_kernel[(B, math.ceil(HW / BLOCK_HW))](x, y, C, HW, inv_C, self.eps,
                                                  BLOCK_C=triton.next_power_of_2(C), BLOCK_HW=BLOCK_HW)
        return y
