# ref: /work/redteam-2026-11-27c/refs/R6C_linear.py; Linear whose output width (out_features=48, a size only get_init_inputs/the constructor reads, which no variant grows) is hard-coded as one 64-wide masked tile with no grid over N and 48 as the mask bound: silently wrong for any other out_features
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _linear_kernel(x_ptr, w_ptr, b_ptr, y_ptr, M, K, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    rm = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.arange(0, 64)
    nmask = rn < 48
    acc = tl.zeros((BLOCK_M, 64), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(x_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=nmask[None, :] & (rk[:, None] < K), other=0.0)
        acc += tl.sum(a[:, :, None] * w[None, :, :], axis=1)
    b = tl.load(b_ptr + rn, mask=nmask, other=0.0)
    acc += b[None, :]
    tl.store(y_ptr + rm[:, None] * 48 + rn[None, :], acc, mask=(rm[:, None] < M) & nmask[None, :])


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        y = torch.empty((M, 48), device=x.device, dtype=x.dtype)
        BLOCK_M = 16
        _linear_kernel[(triton.cdiv(M, BLOCK_M),)](x, self.fc.weight, self.fc.bias, y, M, K,
                                                   BLOCK_M=BLOCK_M, BLOCK_K=16)
        return y
