import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gemv_kernel(a_ptr, x_ptr, y_ptr, M, K, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    rm = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        v = tl.load(x_ptr + rk, mask=rk < K, other=0.0)
        acc += tl.sum(a * v[None, :], axis=1)
    tl.store(y_ptr + rm, acc, mask=rm < M)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()
        self.block_m = None

    def forward(self, A, B):
        M, K = A.shape
        if self.block_m is None:
            # pick the row-tile size on first use
            self.block_m = 32 if M >= 1024 else 16
        A = A.contiguous()
        B = B.contiguous()
        y = torch.empty((M, 1), device=A.device, dtype=A.dtype)
        gemv_kernel[(triton.cdiv(M, self.block_m),)](A, B, y, M, K, BLOCK_M=self.block_m, BLOCK_K=512)
        return y
