# ref: /work/redteam-2026-11-27e/refs/R8B_total.py; the last block loads past the end of x with no mask: the CPU interpreter gives stray lanes 0 so the sum is right there, but on a GPU those lanes read whatever memory follows the tensor (garbage), so the sum is wrong.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def total_sum_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs)
    tl.atomic_add(out_ptr, tl.sum(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        out = torch.zeros((), device=x.device, dtype=x.dtype)
        BLOCK = 256
        total_sum_kernel[(triton.cdiv(n, BLOCK),)](x, out, BLOCK=BLOCK)
        return out
