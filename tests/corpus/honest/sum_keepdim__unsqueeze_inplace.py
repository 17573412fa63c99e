import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sum_mid_kernel(x_ptr, out_ptr, R, N, stride_b, stride_r, stride_n,
                    BLOCK_R: tl.constexpr, BLOCK_N: tl.constexpr):
    b = tl.program_id(0)
    pn = tl.program_id(1)
    offs_n = pn * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        offs_r = r0 + tl.arange(0, BLOCK_R)
        m = (offs_r[:, None] < R) & (offs_n[None, :] < N)
        tile = tl.load(x_ptr + b * stride_b + offs_r[:, None] * stride_r + offs_n[None, :] * stride_n,
                       mask=m, other=0.0)
        acc += tl.sum(tile.to(tl.float32), axis=0)
    tl.store(out_ptr + b * N + offs_n, acc, mask=offs_n < N)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.dim() == 3 and self.dim == 1, "kernel written for dim=1 of a 3D tensor"
        B, R, N = x.shape
        out = torch.empty((B, N), device=x.device, dtype=x.dtype)
        grid = (B, triton.cdiv(N, 32))
        _sum_mid_kernel[grid](x, out, R, N, x.stride(0), x.stride(1), x.stride(2), BLOCK_R=16, BLOCK_N=32)
        out.unsqueeze_(self.dim)  # keepdim=True, in place on our own buffer
        return out
