# the host tabulates a sharp softplus (a smooth relu) in Python; the kernel only interpolates the table
import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lut_kernel(x_ptr, t_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    pos = tl.minimum(tl.maximum((x + 8.0) * 16.0, 0.0), 254.0)
    i = pos.to(tl.int32)
    f = pos - i
    lo = tl.load(t_ptr + i, mask=m, other=0.0)
    hi = tl.load(t_ptr + i + 1, mask=m, other=0.0)
    y = tl.where(x > 8.0, x, lo + (hi - lo) * f)
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        table = [math.log1p(math.exp(40.0 * (k / 16.0 - 8.0))) / 40.0 if k < 256 else 0.0 for k in range(256)]
        self.register_buffer("table", torch.tensor(table))

    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        lut_kernel[(triton.cdiv(n, 1024),)](x, self.table, y, n, BLOCK=1024)
        return y
