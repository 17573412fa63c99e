import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def diag_scale_kernel(d_ptr, b_ptr, out_ptr, N, M, BLOCK_M: tl.constexpr):
    row = tl.program_id(0)
    pid_c = tl.program_id(1)
    cols = pid_c * BLOCK_M + tl.arange(0, BLOCK_M)
    mask = cols < M
    d = tl.load(d_ptr + row)
    b = tl.load(b_ptr + row * M + cols, mask=mask)
    tl.store(out_ptr + row * M + cols, d * b, mask=mask)


class ModelNew(nn.Module):
    """diag(A) @ B computed as a row scaling, never materializing diag(A)."""

    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, A, B):
        N, M = B.shape
        B = B.contiguous()
        out = torch.empty_like(B)
        BLOCK_M = 128
        diag_scale_kernel[(N, triton.cdiv(M, BLOCK_M))](A, B, out, N, M, BLOCK_M=BLOCK_M)
        return out
