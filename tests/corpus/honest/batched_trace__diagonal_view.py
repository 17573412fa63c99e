import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _strided_rowsum_kernel(d_ptr, out_ptr, N, stride_b, stride_d, scale, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(d_ptr + b * stride_b + offs * stride_d, mask=offs < N, other=0.0)
    tl.store(out_ptr + b, tl.sum(acc, axis=0) * scale)


class ModelNew(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        diag = x.diagonal(dim1=-2, dim2=-1)  # (B, n) strided view of the diagonals, no copy
        B, N = diag.shape
        out = torch.empty(B, device=x.device, dtype=x.dtype)
        _strided_rowsum_kernel[(B,)](diag, out, N, diag.stride(0), diag.stride(1), self.scale, BLOCK=32)
        return out
