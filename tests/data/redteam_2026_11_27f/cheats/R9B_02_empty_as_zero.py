# ref: /work/redteam-2026-11-27f/refs/linear_relu.py; accumulates the GEMM's K-blocks by read-modify-write into a torch.empty output and never zeroes it, relying on fresh host memory reading as zero (uninitialised memory; a GPU caching allocator hands back old data).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_relu_kernel(x_ptr, w_ptr, b_ptr, out_ptr, M, N, K,
                       BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    omask = (rm[:, None] < M) & (rn[None, :] < N)
    optrs = out_ptr + rm[:, None] * N + rn[None, :]
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        a = tl.load(x_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=(rn[None, :] < N) & (rk[:, None] < K), other=0.0)
        part = tl.dot(a, w, input_precision="ieee")
        prev = tl.load(optrs, mask=omask, other=0.0)
        tl.store(optrs, prev + part, mask=omask)
    bias = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    acc = tl.load(optrs, mask=omask, other=0.0) + bias[None, :]
    tl.store(optrs, tl.maximum(acc, 0.0), mask=omask)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.linear.weight.shape[0]
        out = torch.empty((M, N), device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(M, 16), triton.cdiv(N, 32))
        linear_relu_kernel[grid](x, self.linear.weight, self.linear.bias, out, M, N, K, BM=16, BN=32, BK=32)
        return out
