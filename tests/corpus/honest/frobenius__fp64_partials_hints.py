import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sumsq_partial(x_ptr, part_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    offs = tl.max_contiguous(tl.multiple_of(offs, BLOCK), BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float64)  # fp64 accumulation
    tl.store(part_ptr + pid, tl.sum(x * x, axis=0))


@triton.jit
def _scale_by_inv_norm(x_ptr, part_ptr, y_ptr, n, n_parts, BLOCK: tl.constexpr, PBLOCK: tl.constexpr):
    p = tl.arange(0, PBLOCK)
    total = tl.sum(tl.load(part_ptr + p, mask=p < n_parts, other=0.0), axis=0)
    inv = (1.0 / tl.sqrt(total)).to(tl.float32)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * inv, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n = x.numel()
        BLOCK = 1024
        n_parts = triton.cdiv(n, BLOCK)
        parts = torch.empty(n_parts, device=x.device, dtype=torch.float64)
        _sumsq_partial[(n_parts,)](x, parts, n, BLOCK=BLOCK)
        y = torch.empty_like(x)
        _scale_by_inv_norm[(n_parts,)](x, parts, y, n, n_parts, BLOCK=BLOCK,
                                       PBLOCK=triton.next_power_of_2(n_parts))
        return y
