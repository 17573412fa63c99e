import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tanh_kernel(x_ptr, y_ptr, M, N, sxm, sym, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    pid_n = tl.program_id(1)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(x_ptr + row * sxm + cols, mask=mask, other=0.0)
    e = tl.exp(-2.0 * tl.abs(x))
    t = (1.0 - e) / (1.0 + e)
    t = tl.where(x >= 0, t, -t)
    tl.store(y_ptr + row * sym + cols, t, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, block_n: int = 256) -> torch.Tensor:
        x2 = x.flatten(1).contiguous()
        M, N = x2.shape
        y = torch.empty_strided((M, N), (N, 1), dtype=x.dtype, device=x.device)
        tanh_kernel[(M, triton.cdiv(N, block_n))](x2, y, M, N, x2.stride(0), y.stride(0), BLOCK_N=block_n)
        return y.reshape(x.shape)
