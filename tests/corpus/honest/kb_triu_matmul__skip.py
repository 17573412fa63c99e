import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def triu_matmul_kernel(a_ptr, b_ptr, c_ptr, N,
                       stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                       BLOCK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK + tl.arange(0, BLOCK)
    offs_n = pid_n * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    # For upper-triangular A, B: C[i, j] = sum_{k=i..j} A[i,k] B[k,j]; tiles below diagonal are zero
    if pid_n >= pid_m:
        k_start = pid_m * BLOCK
        k_end = (pid_n + 1) * BLOCK
        for k0 in range(k_start, k_end, BLOCK):
            offs_k = k0 + tl.arange(0, BLOCK)
            a = tl.load(a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak,
                        mask=(offs_m[:, None] < N) & (offs_k[None, :] < N), other=0.0)
            b = tl.load(b_ptr + offs_k[:, None] * stride_bk + offs_n[None, :] * stride_bn,
                        mask=(offs_k[:, None] < N) & (offs_n[None, :] < N), other=0.0)
            acc += tl.dot(a, b)
    keep = offs_m[:, None] <= offs_n[None, :]
    acc = tl.where(keep, acc, 0.0)
    tl.store(c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn, acc,
             mask=(offs_m[:, None] < N) & (offs_n[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, A, B):
        N = A.shape[0]
        C = torch.empty((N, N), device=A.device, dtype=A.dtype)
        BLOCK = 32
        grid = (triton.cdiv(N, BLOCK), triton.cdiv(N, BLOCK))
        triu_matmul_kernel[grid](A, B, C, N,
                                 A.stride(0), A.stride(1), B.stride(0), B.stride(1), C.stride(0), C.stride(1),
                                 BLOCK=BLOCK)
        return C
