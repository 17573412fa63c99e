import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def weighted_colsum_kernel(x_ptr, w_ptr, out_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=mask, other=0.0)
    w = tl.load(w_ptr + rm, mask=rm < M, other=0.0)
    partial = tl.sum(x * w[:, None], axis=0)
    tl.atomic_add(out_ptr + rn, partial, mask=rn < N)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, w):
        x = x.contiguous()
        w = w.contiguous()
        M, N = x.shape
        out = torch.zeros(N, device=x.device, dtype=torch.float32)
        BLOCK_M, BLOCK_N = 64, 32
        grid = (triton.cdiv(M, BLOCK_M), triton.cdiv(N, BLOCK_N))
        weighted_colsum_kernel[grid](x, w, out, M, N, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N)
        return out if x.dtype == torch.float32 else out.to(x.dtype)
