import torch
import torch.nn as nn
import triton
import triton.language as tl


class LayerNormKernels:
    @staticmethod
    @triton.jit
    def fwd(X, Y, W, B, N, eps, BLOCK: tl.constexpr):
        row = tl.program_id(0)
        cols = tl.arange(0, BLOCK)
        mask = cols < N
        x = tl.load(X + row * N + cols, mask=mask, other=0.0).to(tl.float32)
        mean = tl.sum(x, 0) / N
        xc = tl.where(mask, x - mean, 0.0)
        var = tl.sum(xc * xc, 0) / N
        y = xc / tl.sqrt(var + eps) * tl.load(W + cols, mask=mask) + tl.load(B + cols, mask=mask)
        tl.store(Y + row * N + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.ln = nn.LayerNorm(hidden)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        N = x.shape[-1]
        LayerNormKernels.fwd[(x.numel() // N,)](x, y, self.ln.weight, self.ln.bias, N, self.ln.eps,
                                                BLOCK=triton.next_power_of_2(N))
        return y
