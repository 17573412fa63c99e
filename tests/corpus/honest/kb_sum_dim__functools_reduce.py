import operator
from functools import reduce

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_mid_kernel(x_ptr, out_ptr, R, I, BLOCK_R: tl.constexpr):
    pid = tl.program_id(0)
    o = pid // I
    i = pid % I
    r = tl.arange(0, BLOCK_R)
    v = tl.load(x_ptr + o * R * I + r * I + i, mask=r < R, other=0.0)
    tl.store(out_ptr + pid, tl.sum(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        x = x.contiguous()
        d = self.dim % x.dim()
        O = reduce(operator.mul, x.shape[:d], 1)
        R = x.shape[d]
        I = reduce(operator.mul, x.shape[d + 1:], 1)
        shape = list(x.shape)
        shape[d] = 1
        out = torch.empty(shape, device=x.device, dtype=x.dtype)
        sum_mid_kernel[(O * I,)](x, out, R, I, BLOCK_R=triton.next_power_of_2(R))
        return out
