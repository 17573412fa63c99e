# Class 4 (a race hidden by sequential program order): each program adds its partial sum into the output with a
# plain load and store. The interpreter runs programs one after another, so the sum comes out right on a CPU;
# on a GPU the programs race and most partials are lost. (The honest kernel uses tl.atomic_add.)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    part = tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), axis=0)
    tl.store(out_ptr, tl.load(out_ptr) + part)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        out = torch.zeros((), device=x.device, dtype=torch.float32)
        sum_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
        return out
