import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_ln_kernel(X, R, W, B, Y, N, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < N
    v = tl.load(X + row * N + c, mask=m, other=0.0).to(tl.float32) + tl.load(R + row * N + c, mask=m, other=0.0).to(tl.float32)
    mean = tl.fdiv(tl.sum(v, axis=0), N.to(tl.float32), ieee_rounding=True)
    d = tl.where(m, v - mean, 0.0)
    var = tl.math.div_rn(tl.sum(d * d, axis=0), N.to(tl.float32))
    rstd = tl.math.div_rn(1.0, tl.math.sqrt_rn(var + eps))
    w = tl.load(W + c, mask=m, other=0.0).to(tl.float32)
    b = tl.load(B + c, mask=m, other=0.0).to(tl.float32)
    y = tl.fma(d * rstd, w, b)
    tl.store(Y + row * N + c, y.to(Y.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden, eps=1e-5):
        super().__init__()
        self.norm = nn.LayerNorm(hidden, eps=eps)
        with torch.no_grad():
            self.norm.weight.normal_(1.0, 0.1)
            self.norm.bias.normal_(0.0, 0.1)

    def forward(self, x, residual):
        H = x.shape[-1]
        x2 = x.reshape(-1, H).contiguous()
        r2 = residual.reshape(-1, H).contiguous()
        y = torch.empty_like(x2)
        add_ln_kernel[(x2.shape[0],)](x2, r2, self.norm.weight, self.norm.bias, y, H, self.norm.eps,
                                      BLOCK=triton.next_power_of_2(H))
        return y.view_as(x)
