import torch
import torch.nn as nn
import triton
import triton.language as tl

_TORCH_TO_TL = {
    torch.float32: tl.float32,
    torch.float16: tl.float16,
    torch.bfloat16: tl.bfloat16,
}


@triton.jit
def gated_rmsnorm_kernel(X, G, W, Y, N, eps, OUT_DTYPE: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(X + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    g = tl.load(G + row * N + cols, mask=mask, other=0.0).to(tl.float32)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = tl.rsqrt(tl.sum(x * x, axis=0) / N + eps)
    y = x * rstd * w * (g * tl.sigmoid(g))
    tl.store(Y + row * N + cols, y.to(OUT_DTYPE), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x, gate):
        N = x.shape[-1]
        x2 = x.reshape(-1, N).contiguous()
        g2 = gate.reshape(-1, N).contiguous()
        y = torch.empty_like(x2)
        gated_rmsnorm_kernel[(x2.shape[0],)](
            x2, g2, self.weight, y, N, self.eps,
            OUT_DTYPE=_TORCH_TO_TL[x.dtype], BLOCK=triton.next_power_of_2(N),
        )
        return y.view(x.shape)
