import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def prelu_gain_ptr_kernel(X, A, G, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(X + offs, mask=m, other=0.0)
    a = tl.load(A)
    g = tl.load(G)
    tl.store(Y + offs, tl.where(x > 0, x, a * x) * g, mask=m)


class ModelNew(nn.Module):
    def __init__(self, init_slope: float):
        super().__init__()
        self.slope = nn.Parameter(torch.tensor(init_slope))
        self.gain = nn.Parameter(torch.ones(1) * 1.5)

    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        BLOCK = 512
        prelu_gain_ptr_kernel[(triton.cdiv(n, BLOCK),)](x, self.slope, self.gain, y, n, BLOCK=BLOCK)
        return y
