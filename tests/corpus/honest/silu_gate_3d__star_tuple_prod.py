import math
import operator
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_silu_gate_kernel(X, W, B, G, O, M, N, K,
                            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(X + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(W + rn[None, :] * K + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(a, w, input_precision="ieee")
    acc += tl.load(B + rn, mask=rn < N, other=0.0)[None, :]
    om = (rm[:, None] < M) & (rn[None, :] < N)
    g = tl.load(G + rm[:, None] * N + rn[None, :], mask=om, other=0.0).to(tl.float32)
    out = acc * (g * tl.sigmoid(g))
    tl.store(O + rm[:, None] * N + rn[None, :], out, mask=om)


class ModelNew(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.proj = nn.Linear(d_in, d_out)

    def forward(self, x, g):
        *lead, K = x.shape
        N = self.proj.out_features
        M = math.prod(lead) if lead else 1
        x2 = x.reshape(M, K).contiguous()
        g2 = g.reshape(M, N).contiguous()
        out = torch.empty((*x.shape[:-1], N), device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
        linear_silu_gate_kernel[grid](x2, self.proj.weight, self.proj.bias, g2, out, M, N, K,
                                      BM=16, BN=16, BK=16)
        return out
