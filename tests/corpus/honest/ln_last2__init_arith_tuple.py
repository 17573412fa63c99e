import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_rows_kernel(X, W, B, Y, N, inv_n, eps, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < N
    x = tl.load(X + r * N + c, mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) * inv_n
    d = tl.where(m, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) * inv_n
    w = tl.load(W + c, mask=m, other=0.0)
    b = tl.load(B + c, mask=m, other=0.0)
    tl.store(Y + r * N + c, d * tl.rsqrt(var + eps) * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, normalized_shape, eps):
        super().__init__()
        self.ln = nn.LayerNorm(normalized_shape, eps=eps)
        with torch.no_grad():
            self.ln.weight.uniform_(0.5, 1.5)
            self.ln.bias.uniform_(-0.2, 0.2)
        self.normalized_shape = tuple(normalized_shape)
        self.n = normalized_shape[0] * normalized_shape[1]
        self.inv_n = 1.0 / self.n
        self.block = triton.next_power_of_2(self.n)
        self.eps = float(eps) if eps is not None else 1e-5

    def forward(self, x):
        nd = len(self.normalized_shape)
        assert tuple(x.shape[-nd:]) == self.normalized_shape
        x2 = x.contiguous().view(-1, self.n)
        y = torch.empty_like(x2)
        ln_rows_kernel[(x2.shape[0],)](x2, self.ln.weight, self.ln.bias, y, self.n, self.inv_n, self.eps,
                                       BLOCK=self.block)
        return y.view_as(x)
