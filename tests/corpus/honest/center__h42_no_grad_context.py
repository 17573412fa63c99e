import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _row_mean_kernel(x_ptr, mean_ptr, N, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * stride + cols, mask=cols < N, other=0.0).to(tl.float32)
    tl.store(mean_ptr + row, tl.sum(acc, axis=0) / N)


@triton.jit
def _sub_rowvec_kernel(x_ptr, mean_ptr, y_ptr, M, N, stride, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * stride + rn[None, :], mask=mask, other=0.0).to(tl.float32)
    mu = tl.load(mean_ptr + rm, mask=rm < M, other=0.0)
    tl.store(y_ptr + rm[:, None] * stride + rn[None, :], (x - mu[:, None]).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        with torch.no_grad():
            x = x.contiguous()
            M, N = x.shape
            means = torch.empty(M, device=x.device, dtype=torch.float32)
            _row_mean_kernel[(M,)](x, means, N, x.stride(0), BLOCK=128)
            y = torch.empty_like(x)
            BM, BN = 8, 128
            _sub_rowvec_kernel[(triton.cdiv(M, BM), triton.cdiv(N, BN))](x, means, y, M, N, x.stride(0),
                                                                         BLOCK_M=BM, BLOCK_N=BN)
        return y
