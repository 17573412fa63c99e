import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit(do_not_specialize=["n_elements"])
def softsign_kernel(x_ptr, y_ptr, n_elements, BLOCK_SIZE: tl.constexpr, VEC: tl.constexpr):
    tl.static_assert(BLOCK_SIZE % VEC == 0, "BLOCK_SIZE must be a multiple of VEC")
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    offs = tl.max_contiguous(tl.multiple_of(offs, VEC), VEC)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0, cache_modifier=".cg")
    y = x / (1.0 + tl.abs(x))
    tl.store(y_ptr + offs, y, mask=mask, eviction_policy="evict_first")


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x_flat = x.reshape(-1)
        y = torch.empty_like(x_flat)
        n = x_flat.numel()
        softsign_kernel[(triton.cdiv(n, 1024),)](x_flat, y, n, BLOCK_SIZE=1024, VEC=4)
        return y.view_as(x)
