import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lin_gelu_nomask_store(X, W, Bv, Y, M, N, K, ldy,
                          BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        kk = k + rk
        a = tl.load(X + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(W + rn[None, :] * K + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(a, w, input_precision="ieee")
    acc += tl.load(Bv + rn, mask=rn < N, other=0.0)[None, :]
    inner = 0.7978845608028654 * (acc + 0.044715 * acc * acc * acc)
    t = 2.0 / (1.0 + tl.exp(-2.0 * inner)) - 1.0
    y = 0.5 * acc * (1.0 + t)
    # output buffer is padded to a multiple of the tile: no store mask needed
    tl.store(Y + rm[:, None] * ldy + rn[None, :], y)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        M, K = x.shape
        N = self.fc.weight.data.shape[0]
        BM, BN, BK = 16, 16, 16
        Mp = triton.cdiv(M, BM) * BM
        Np = triton.cdiv(N, BN) * BN
        y_pad = torch.empty((Mp, Np), device=x.device, dtype=x.dtype)
        lin_gelu_nomask_store[(Mp // BM, Np // BN)](
            x.contiguous(), self.fc.weight.data, self.fc.bias.data, y_pad, M, N, K, Np,
            BM=BM, BN=BN, BK=BK,
        )
        return y_pad[:M, :N]
