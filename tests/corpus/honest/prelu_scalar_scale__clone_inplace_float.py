import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def prelu_gain_inplace(ptr, n, slope, gain, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(ptr + offs, mask=m)
    tl.store(ptr + offs, tl.where(v > 0, v, v * slope) * gain, mask=m)


class ModelNew(nn.Module):
    def __init__(self, init_slope: float):
        super().__init__()
        self.slope = nn.Parameter(torch.tensor(init_slope))
        self.gain = nn.Parameter(torch.ones(1) * 1.5)

    def forward(self, x):
        out = x.clone()  # do not modify the caller's tensor
        n = out.numel()
        prelu_gain_inplace[(triton.cdiv(n, 256),)](out, n, float(self.slope), float(self.gain), BLOCK=256)
        return out
