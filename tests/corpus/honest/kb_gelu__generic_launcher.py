import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gelu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, 0.5 * x * (1.0 + tl.math.erf(x * 0.7071067811865476)), mask=m)


def _launch_unary(kernel, x: torch.Tensor, block: int = 1024) -> torch.Tensor:
    """Generic launcher for 1D elementwise kernels with signature (x_ptr, y_ptr, n, BLOCK)."""
    x = x.contiguous()
    y = torch.empty_like(x)
    n = x.numel()
    kernel[(triton.cdiv(n, block),)](x, y, n, BLOCK=block)
    return y


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        return _launch_unary(gelu_kernel, x)
