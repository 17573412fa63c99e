import torch
import torch.nn as nn
import triton
import triton.language as tl

EPS = 1e-5
BLOCK_SIZE = 128


@triton.jit
def instance_norm_kernel(x_ptr, y_ptr, HW, eps, BLOCK: tl.constexpr):
    plane = tl.program_id(0)
    x_plane = x_ptr + plane * HW
    y_plane = y_ptr + plane * HW
    s = tl.zeros([BLOCK], dtype=tl.float32)
    ss = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, HW, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        v = tl.load(x_plane + cols, mask=cols < HW, other=0.0).to(tl.float32)
        s += v
        ss += v * v
    mean = tl.sum(s, 0) / HW
    var = tl.sum(ss, 0) / HW - mean * mean
    var = tl.maximum(var, 0.0)
    inv = 1.0 / tl.sqrt(var + eps)
    for off in range(0, HW, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        mask = cols < HW
        v = tl.load(x_plane + cols, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_plane + cols, ((v - mean) * inv).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_features: int):
        super(ModelNew, self).__init__()
        self.num_features = num_features

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        N, C, H, W = x.shape
        x = x.contiguous()
        y = torch.empty_like(x)
        instance_norm_kernel[(N * C,)](x, y, H * W, EPS, BLOCK=BLOCK_SIZE)
        return y
