import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _scale_kernel(a_ptr, c_ptr, n, s, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    # streaming access: read once (.cg, no L1), write-through streaming store (.cs)
    a = tl.load(a_ptr + offs, mask=m, other=0.0, cache_modifier=".cg")
    tl.store(c_ptr + offs, a * s, mask=m, cache_modifier=".cs")


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A: torch.Tensor, s: float) -> torch.Tensor:
        A = A.contiguous()
        C = torch.empty_like(A)
        n = A.numel()
        _scale_kernel[(triton.cdiv(n, 2048),)](A, C, n, s, BLOCK=2048)
        return C
