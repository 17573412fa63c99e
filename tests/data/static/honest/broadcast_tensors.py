import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def add_kernel(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(c_ptr + offs, tl.load(a_ptr + offs, mask=m) + tl.load(b_ptr + offs, mask=m), mask=m)

class ModelNew(nn.Module):
    def forward(self, a, b):
        a, b = torch.broadcast_tensors(a, b)
        a = a.contiguous()
        b = b.broadcast_to(a.shape).contiguous()
        c = torch.empty_like(a)
        add_kernel[(triton.cdiv(c.numel(), 1024),)](a, b, c, c.numel(), BLOCK=1024)
        return c
