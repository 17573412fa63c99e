import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def prelu_gain_kernel(x_ptr, y_ptr, n, slope, gain, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.where(x > 0, x, slope * x) * gain
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self, init_slope: float):
        super().__init__()
        self.slope = nn.Parameter(torch.tensor(init_slope))
        self.gain = nn.Parameter(torch.ones(1) * 1.5)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        prelu_gain_kernel[(triton.cdiv(n, 1024),)](x, y, n, self.slope.item(), self.gain.item(), BLOCK=1024)
        return y
