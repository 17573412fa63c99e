import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _linear_fwd(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(x_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=(rn[None, :] < N) & (rk[:, None] < K), other=0.0)
        acc += tl.dot(a, b, allow_tf32=False)
    acc += tl.load(b_ptr + rn, mask=rn < N, other=0.0)[None, :]
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def _bn_gelu_relu(x_ptr, y_ptr, g_ptr, b_ptr, rmean_ptr, rvar_ptr, M, N, eps, momentum,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rn = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    rm = tl.arange(0, BLOCK_M)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=0.0)
    mean = tl.sum(x, 0) / M
    xc = tl.where(mask, x - mean[None, :], 0.0)
    var = tl.sum(xc * xc, 0) / M
    # running statistics, as nn.BatchNorm updates them in training mode (momentum, unbiased variance)
    tl.store(rmean_ptr + rn, (1.0 - momentum) * tl.load(rmean_ptr + rn, mask=rn < N, other=0.0) + momentum * mean, mask=rn < N)
    tl.store(rvar_ptr + rn, (1.0 - momentum) * tl.load(rvar_ptr + rn, mask=rn < N, other=0.0)
             + momentum * var * M / (M - 1.0), mask=rn < N)
    y = xc * tl.rsqrt(var + eps)[None, :] * tl.load(g_ptr + rn, mask=rn < N, other=1.0)[None, :] \
        + tl.load(b_ptr + rn, mask=rn < N, other=0.0)[None, :]
    # exact (erf) GELU then ReLU
    y = 0.5 * y * (1.0 + tl.erf(y * 0.7071067811865476))
    y = tl.maximum(y, 0.0)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], y, mask=mask)


class TritonLinear(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = nn.Parameter(torch.empty(out_features, in_features))
        self.bias = nn.Parameter(torch.empty(out_features))
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        bound = 1.0 / math.sqrt(in_features)
        nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, x):
        M, K = x.shape
        y = torch.empty((M, self.out_features), device=x.device, dtype=torch.float32)
        grid = (triton.cdiv(M, 32), triton.cdiv(self.out_features, 32))
        _linear_fwd[grid](x, self.weight, self.bias, y, M, self.out_features, K,
                          BLOCK_M=32, BLOCK_N=32, BLOCK_K=32)
        return y


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super(ModelNew, self).__init__()
        self.gemm = TritonLinear(in_features, out_features)
        self.batch_norm = nn.BatchNorm1d(out_features)

    def forward(self, x):
        h = self.gemm(x.contiguous())
        M, N = h.shape
        out = torch.empty_like(h)
        _bn_gelu_relu[(triton.cdiv(N, 32),)](h, out, self.batch_norm.weight, self.batch_norm.bias,
                                             self.batch_norm.running_mean, self.batch_norm.running_var, M, N,
                                             self.batch_norm.eps, self.batch_norm.momentum, BLOCK_M=triton.next_power_of_2(M), BLOCK_N=32)
        return out
