import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_relu_kernel(a_ptr, b_ptr, c_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    a = tl.load(a_ptr + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0)
    s = a.to(tl.float32) + b.to(tl.float32)
    c = tl.where(s > 0, s, 0.0)
    tl.store(c_ptr + offs, c.to(c_ptr.dtype.element_ty), mask=mask)


def add_relu(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    out = torch.empty(a.shape, dtype=a.dtype, device=a.device)
    n = out.numel()
    BLOCK_SIZE = 1024
    add_relu_kernel[(triton.cdiv(n, BLOCK_SIZE),)](a.contiguous(), b.contiguous(), out, n, BLOCK_SIZE=BLOCK_SIZE)
    return out


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return add_relu(a, b)
