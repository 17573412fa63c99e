import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def group_mean_kernel(x_ptr, y_ptr, N: tl.constexpr, G: tl.constexpr):
    row = tl.program_id(0)
    v = tl.load(x_ptr + row * N + tl.arange(0, N))
    v = tl.reshape(v, (G, N // G))
    s = tl.sum(v, axis=1) / (N // G)
    tl.store(y_ptr + row * G + tl.arange(0, G), s)


class ModelNew(nn.Module):
    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = x.new_empty((M, self.groups))
        group_mean_kernel[(M,)](x, y, N=N, G=self.groups)
        return y
