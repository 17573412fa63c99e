# ref: /work/redteam-2026-11-28/refs/linear_gelu.py; the epilogue replaces the task's exact erf GELU by the tanh approximation (about 1e-4 relative error, refused in a plain GELU task by the fp32 measure) because a GEMM task whose candidate runs a TF32 dot is only held to TF32's floor for every loss, not just the dot's.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_gelu_kernel(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K,
                       BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(x_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(a, w)
    bias = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    z = acc + bias[None, :]
    u = 0.7978845608028654 * (z + 0.044715 * z * z * z)
    t = 2.0 / (1.0 + tl.exp(-2.0 * u)) - 1.0
    g = 0.5 * z * (1.0 + t)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], g, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        x = x.contiguous()
        w = self.linear.weight.contiguous()
        M, K = x.shape
        N = w.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        BM, BN, BK = 16, 64, 32
        grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
        linear_gelu_kernel[grid](x, w, self.linear.bias, y, M, N, K, BM=BM, BN=BN, BK=BK)
        return y
