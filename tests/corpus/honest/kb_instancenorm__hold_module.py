import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def instnorm_kernel(x_ptr, y_ptr, HW, eps, BLOCK: tl.constexpr):
    plane = tl.program_id(0)
    base = plane * HW
    s = tl.zeros((BLOCK,), dtype=tl.float32)
    ss = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, HW, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + base + offs, mask=offs < HW, other=0.0)
        s += v
        ss += v * v
    mean = tl.sum(s, axis=0) / HW
    var = tl.sum(ss, axis=0) / HW - mean * mean
    inv = 1.0 / tl.sqrt(var + eps)
    for start in range(0, HW, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < HW
        v = tl.load(x_ptr + base + offs, mask=m, other=0.0)
        tl.store(y_ptr + base + offs, (v - mean) * inv, mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_features: int):
        super(ModelNew, self).__init__()
        self.inorm = nn.InstanceNorm2d(num_features=num_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C, H, W = x.shape
        y = torch.empty_like(x)
        instnorm_kernel[(N * C,)](x, y, H * W, self.inorm.eps, BLOCK=256)
        return y
