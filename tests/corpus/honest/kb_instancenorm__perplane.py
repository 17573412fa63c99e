import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def instance_norm_kernel(x_ptr, y_ptr, HW, eps, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)  # one program per (n, c) plane
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < HW
    x = tl.load(x_ptr + pid * HW + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / HW
    diff = tl.where(mask, x - mean, 0.0)
    var = tl.sum(diff * diff, axis=0) / HW
    y = diff * tl.math.rsqrt(var + eps)
    tl.store(y_ptr + pid * HW + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_features: int):
        super(ModelNew, self).__init__()
        self.num_features = num_features
        self.eps = 1e-5

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C, H, W = x.shape
        y = torch.empty_like(x)
        HW = H * W
        instance_norm_kernel[(N * C,)](x, y, HW, self.eps, BLOCK_SIZE=triton.next_power_of_2(HW))
        return y
