import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _ln_fwd(x_ptr, w_ptr, b_ptr, y_ptr, M, N, eps, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    mask = offs < N
    x = tl.load(x_ptr + pid * N + offs, mask=mask, other=0.0).to(tl.float32)
    mu = tl.sum(x, 0) / N
    d = tl.where(mask, x - mu, 0.0)
    var = tl.sum(d * d, 0) / N
    inv = tl.rsqrt(var + eps)
    w = tl.load(w_ptr + offs, mask=mask, other=1.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + pid * N + offs, (d * inv * w + b).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.bias = nn.Parameter(torch.zeros(hidden))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x2d = x.contiguous().view(-1, shape[-1])
        out = torch.empty_like(x2d)
        M, N = x2d.shape
        _ln_fwd[(M,)](x2d, self.weight, self.bias, out, M, N, self.eps, BLOCK_N=triton.next_power_of_2(N))
        return out.reshape(shape)
