import torch
import torch.nn as nn
import triton
import triton.language as tl

DEBUG = False


@triton.jit
def _ln_fwd(X, R, W, B, Y, N, eps, BLOCK_N: tl.constexpr):
    pid = tl.program_id(axis=0)
    X += pid * N
    R += pid * N
    Y += pid * N
    # pass 1: mean
    acc = tl.zeros([BLOCK_N], dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        m = cols < N
        acc += tl.load(X + cols, mask=m, other=0.).to(tl.float32) + tl.load(R + cols, mask=m, other=0.).to(tl.float32)
    mean = tl.sum(acc, axis=0) / N
    # pass 2: variance
    acc2 = tl.zeros([BLOCK_N], dtype=tl.float32)
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        m = cols < N
        v = tl.load(X + cols, mask=m, other=0.).to(tl.float32) + tl.load(R + cols, mask=m, other=0.).to(tl.float32)
        d = tl.where(m, v - mean, 0.)
        acc2 += d * d
    var = tl.sum(acc2, axis=0) / N
    rstd = tl.math.rsqrt(var + eps)
    # pass 3: normalize
    for off in range(0, N, BLOCK_N):
        cols = off + tl.arange(0, BLOCK_N)
        m = cols < N
        v = tl.load(X + cols, mask=m, other=0.).to(tl.float32) + tl.load(R + cols, mask=m, other=0.).to(tl.float32)
        w = tl.load(W + cols, mask=m)
        b = tl.load(B + cols, mask=m)
        tl.store(Y + cols, (v - mean) * rstd * w + b, mask=m)


def fused_add_layer_norm(x, residual, weight, bias, eps):
    shape = x.shape
    x = x.contiguous().view(-1, shape[-1])
    residual = residual.contiguous().view(-1, shape[-1])
    M, N = x.shape
    y = x.new_empty((M, N))
    BLOCK_N = min(64, triton.next_power_of_2(N))
    if DEBUG:
        print("launching", M, N, BLOCK_N)
    _ln_fwd[(M,)](x, residual, weight, bias, y, N, eps, BLOCK_N=BLOCK_N, num_warps=4)
    return y.reshape(shape)


class ModelNew(nn.Module):
    def __init__(self, hidden, eps=1e-5):
        super().__init__()
        self.norm = nn.LayerNorm(hidden, eps=eps)
        with torch.no_grad():
            self.norm.weight.normal_(1.0, 0.1)
            self.norm.bias.normal_(0.0, 0.1)

    def forward(self, x, residual):
        return fused_add_layer_norm(x, residual, self.norm.weight, self.norm.bias, self.norm.eps)


if __name__ == "__main__":
    m = ModelNew(80)
    a = torch.randn(4, 12, 80)
    b = torch.randn(4, 12, 80)
    print((m(a, b) - m.norm(a + b)).abs().max())
