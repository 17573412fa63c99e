import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _gelu_tanh(x):
    c = 0.7978845608028654
    u = c * (x + 0.044715 * x * x * x)
    # tanh(u) = 2*sigmoid(2u) - 1
    return 0.5 * x * (1.0 + (2.0 * tl.sigmoid(2.0 * u) - 1.0))


@triton.jit
def matmul_kn_bias_gelu(A, B, BIAS, C, M, N, K,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """C = gelu(A[M,K] @ B[K,N] + bias), B already stored K-major."""
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(A + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(B + (k + rk)[:, None] * N + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    acc += tl.load(BIAS + rn, mask=rn < N, other=0.0)[None, :]
    tl.store(C + rm[:, None] * N + rn[None, :], _gelu_tanh(acc), mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        # keep a K-major copy of the weight for coalesced loads
        self.register_buffer("weight_t", self.fc.weight.data.t().contiguous())

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.fc.out_features
        out = torch.empty((M, N), device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
        matmul_kn_bias_gelu[grid](x, self.weight_t, self.fc.bias, out, M, N, K,
                                  BLOCK_M=16, BLOCK_N=16, BLOCK_K=32)
        return out
