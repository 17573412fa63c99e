import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_tanh_kernel(x_ptr, b_ptr, y_ptr, M, N, stride_xm, stride_ym,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride_xm + rn[None, :], mask=mask, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)
    z = x + b[None, :]
    # tanh(z) = 1 - 2 / (exp(2z) + 1)
    y = 1.0 - 2.0 / (tl.exp(2.0 * z) + 1.0)
    tl.store(y_ptr + rm[:, None] * stride_ym + rn[None, :], y.to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(n))

    def forward(self, x):
        M, N = x.shape
        x = x.contiguous()
        y = torch.empty_like(x)
        BLOCK_M, BLOCK_N = 16, 64
        grid = (triton.cdiv(M, BLOCK_M), triton.cdiv(N, BLOCK_N))
        bias_tanh_kernel[grid](x, self.bias, y, M, N, x.stride(0), y.stride(0), BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N)
        return y
