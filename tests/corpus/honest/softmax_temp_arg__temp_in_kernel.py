import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_div_kernel(X, Y, N, temperature, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + row * N + offs, mask=m, other=-float("inf")) / temperature
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(Y + row * N + offs, e / tl.sum(e, axis=0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x, temperature):
        x = x.contiguous()
        N = x.shape[-1]
        y = torch.empty_like(x)
        softmax_div_kernel[(x.numel() // N,)](x, y, N, float(temperature), BLOCK=triton.next_power_of_2(N))
        return y
