import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def diag_scale_kernel(a_ptr, b_ptr, c_ptr, N, M, stride_bn, stride_bm, stride_cn, stride_cm,
                      BLOCK_N: tl.constexpr, BLOCK_M: tl.constexpr):
    # diag(A) @ B == A[:, None] * B : never builds the N x N diagonal matrix
    pid_n = tl.program_id(0)
    pid_m = tl.program_id(1)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    mask = (rn[:, None] < N) & (rm[None, :] < M)
    a = tl.load(a_ptr + rn, mask=rn < N, other=0.0)
    b = tl.load(b_ptr + rn[:, None] * stride_bn + rm[None, :] * stride_bm, mask=mask, other=0.0)
    tl.store(c_ptr + rn[:, None] * stride_cn + rm[None, :] * stride_cm, a[:, None] * b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, A, B):
        N, M = B.shape
        C = torch.empty_like(B)
        grid = (triton.cdiv(N, 32), triton.cdiv(M, 32))
        diag_scale_kernel[grid](A, B, C, N, M, B.stride(0), B.stride(1), C.stride(0), C.stride(1),
                                BLOCK_N=32, BLOCK_M=32)
        return C
