import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def bmm_bias_kernel(a_ptr, bias_ptr, c_ptr, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < N
    tl.store(c_ptr + offs, tl.load(a_ptr + offs, mask=m) + tl.load(bias_ptr + offs, mask=m), mask=m)

class ModelNew(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(n))
    def forward(self, x):
        B, N = x.shape
        out = torch.empty_like(x)
        bias = self.bias
        for b in range(B):
            bmm_bias_kernel[(1,)](x[b], bias, out[b], N, BLOCK=triton.next_power_of_2(N))
        b = self.bias
        assert b.shape[0] == N
        return out
