import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 256}, num_warps=2),
        triton.Config({"BLOCK": 1024}, num_warps=4),
    ],
    key=["n"],
)
@triton.jit
def act_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0) * 3.0
    hs = tl.where(x <= -3.0, 0.0, tl.where(x >= 3.0, x, x * (x + 3.0) / 6.0))
    y = tl.where(hs < 0.0, 0.0, tl.where(hs > 6.0, 6.0, hs))
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.empty(x.shape, device=x.device, dtype=x.dtype)
        n = x.numel()
        act_kernel[lambda META: (triton.cdiv(n, META["BLOCK"]),)](x.contiguous().view(-1), y.view(-1), n)
        return y
