import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit(do_not_specialize=["n_elements"])
def gelu_tanh_kernel(x_ptr, y_ptr, n_elements, BLOCK: tl.constexpr = 1024):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    z = 0.7978845608028654 * x * (1.0 + 0.044715 * x * x)
    e = tl.exp(-2.0 * tl.abs(z))
    t = (1.0 - e) / (1.0 + e)
    t = tl.where(z >= 0, t, -t)
    tl.store(y_ptr + offs, 0.5 * x * (1.0 + t), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    @torch.no_grad()
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x_flat = x.reshape(-1)
        y = x.new_empty(x.shape)
        n = x_flat.numel()
        gelu_tanh_kernel[(triton.cdiv(n, 1024),)](x_flat, y, n)
        return y
