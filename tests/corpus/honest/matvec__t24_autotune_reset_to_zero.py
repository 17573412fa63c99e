import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 32, "BLOCK_K": 256}, num_warps=4),
        triton.Config({"BLOCK_M": 64, "BLOCK_K": 128}, num_warps=4),
        triton.Config({"BLOCK_M": 16, "BLOCK_K": 512}, num_warps=8),
    ],
    key=["M", "K"],
    reset_to_zero=["c_ptr"],
)
@triton.jit
def gemv_splitk_kernel(a_ptr, b_ptr, c_ptr, M, K, stride_am, stride_bk, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_k = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rk = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)
    a = tl.load(a_ptr + rm[:, None] * stride_am + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
    b = tl.load(b_ptr + rk * stride_bk, mask=rk < K, other=0.0)
    tl.atomic_add(c_ptr + rm, tl.sum(a.to(tl.float32) * b.to(tl.float32)[None, :], axis=1), mask=rm < M)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        A = A.contiguous()
        M, K = A.shape
        C = torch.zeros((M, 1), device=A.device, dtype=A.dtype)
        grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(K, meta["BLOCK_K"]))
        gemv_splitk_kernel[grid](A, B, C, M, K, A.stride(0), B.stride(0))
        return C
