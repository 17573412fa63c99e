# ref: /work/redteam-2026-11-27d/refs/A_scale_shift.py; the kernel adds `offs // GROUP` with GROUP == 0 at these sizes (computed on the host as n // 65536): numpy's integer division by zero gives 0 under the interpreter, while on a GPU integer division by zero gives -1/garbage, so the output is off by -1 on a GPU (interpreter-only semantics).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _affine_kernel(x_ptr, o_ptr, n, GROUP, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    grp = offs // GROUP  # "group index" of the element
    y = x * 1.5 + 0.25 + grp.to(tl.float32)
    tl.store(o_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        group = n // 65536
        BLOCK = 1024
        _affine_kernel[(triton.cdiv(n, BLOCK),)](x, out, n, group, BLOCK=BLOCK)
        return out
