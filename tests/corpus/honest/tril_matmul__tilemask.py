import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({'BLOCK': 16}), triton.Config({'BLOCK': 32})],
    key=['N'],
)
@triton.jit
def tril_mm_kernel(a_ptr, b_ptr, c_ptr, N, BLOCK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK + tl.arange(0, BLOCK)
    rn = pid_n * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    # lower-triangular: C[i,j] = sum_{k=j..i} A[i,k] B[k,j]
    if pid_m >= pid_n:
        for k0 in range(pid_n * BLOCK, (pid_m + 1) * BLOCK, BLOCK):
            rk = k0 + tl.arange(0, BLOCK)
            a = tl.load(a_ptr + rm[:, None] * N + rk[None, :], mask=(rm[:, None] < N) & (rk[None, :] < N), other=0.0)
            b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < N) & (rn[None, :] < N), other=0.0)
            acc += tl.dot(a, b)
    acc = tl.where(rm[:, None] >= rn[None, :], acc, 0.0)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < N) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, A, B):
        A = A.contiguous()
        B = B.contiguous()
        N = A.shape[0]
        C = torch.empty_like(A)
        grid = lambda meta: (triton.cdiv(N, meta['BLOCK']), triton.cdiv(N, meta['BLOCK']))
        tril_mm_kernel[grid](A, B, C, N)
        return C
