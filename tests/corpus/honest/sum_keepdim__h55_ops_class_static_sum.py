import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sum_mid_kernel(x_ptr, y_ptr, R, D, BLOCK_R: tl.constexpr, BLOCK_D: tl.constexpr):
    b = tl.program_id(0)
    d = tl.program_id(1) * BLOCK_D + tl.arange(0, BLOCK_D)
    r = tl.arange(0, BLOCK_R)
    acc = tl.zeros((BLOCK_D,), dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        rr = r0 + r
        m = (rr[:, None] < R) & (d[None, :] < D)
        acc += tl.sum(tl.load(x_ptr + b * R * D + rr[:, None] * D + d[None, :], mask=m, other=0.0).to(tl.float32), axis=0)
    tl.store(y_ptr + b * D + d, acc.to(y_ptr.dtype.element_ty), mask=d < D)


class TritonOps:
    @staticmethod
    def sum(x: torch.Tensor, dim: int, keepdim: bool = False) -> torch.Tensor:
        assert x.dim() == 3 and dim == 1
        x = x.contiguous()
        B, R, D = x.shape
        y = torch.empty((B, 1, D) if keepdim else (B, D), device=x.device, dtype=x.dtype)
        BLOCK_D = 32
        _sum_mid_kernel[(B, triton.cdiv(D, BLOCK_D))](x, y, R, D, BLOCK_R=16, BLOCK_D=BLOCK_D)
        return y


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return TritonOps.sum(x, dim=self.dim, keepdim=True)
