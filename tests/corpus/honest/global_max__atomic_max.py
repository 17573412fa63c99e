import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def amax_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=float('-inf'))
    tl.atomic_max(out_ptr, tl.max(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        flat = x.reshape(-1)
        out = torch.full((), float('-inf'), device=x.device, dtype=x.dtype)
        n = flat.numel()
        BLOCK = 512
        amax_kernel[(triton.cdiv(n, BLOCK),)](flat, out, n, BLOCK=BLOCK)
        return out
