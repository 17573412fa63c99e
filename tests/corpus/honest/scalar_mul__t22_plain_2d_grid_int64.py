import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale2d_kernel(a_ptr, out_ptr, M, N, stride_am, stride_an, s, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = (tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    rn = (tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)).to(tl.int64)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    a = tl.load(a_ptr + rm[:, None] * stride_am + rn[None, :] * stride_an, mask=mask)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], a * s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, A: torch.Tensor, s: float) -> torch.Tensor:
        M, N = A.shape
        out = torch.empty((M, N), device=A.device, dtype=A.dtype)
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 64))
        scale2d_kernel[grid](A, out, M, N, A.stride(0), A.stride(1), s, BLOCK_M=32, BLOCK_N=64)
        return out
