import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_tanh_one_tile(X, W, B, Y, M, N, K: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    """The whole (small) problem in one program: one tile of A, one of W^T, one dot."""
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, K)
    a = tl.load(X + rm[:, None] * K + rk[None, :], mask=rm[:, None] < M, other=0.0)
    w = tl.load(W + rn[None, :] * K + rk[:, None], mask=rn[None, :] < N, other=0.0)
    acc = tl.dot(a, w, input_precision="ieee")
    acc += tl.load(B + rn, mask=rn < N, other=0.0)[None, :]
    y = 2.0 * tl.sigmoid(2.0 * acc) - 1.0
    tl.store(Y + rm[:, None] * N + rn[None, :], y, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.fc.out_features
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        linear_tanh_one_tile[(1,)](x, self.fc.weight, self.fc.bias, y, M, N,
                                   K=K, BM=triton.next_power_of_2(M), BN=triton.next_power_of_2(N),
                                   num_warps=8)
        return y
