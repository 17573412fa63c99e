# Class 1 (a module passed as a function argument and used through the parameter) and class 2 (the compute
# watch is a dispatch mode: candidate code pops it around a torch call). The decoy kernel copies the result.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=m), mask=m)


def staged(lib, x):
    with lib.utils._python_dispatch._pop_mode_temporarily():
        return lib.threshold(x, 0.0, 0.0)


class ModelNew(nn.Module):
    def forward(self, x):
        y = staged(torch, x)
        out = torch.empty_like(x)
        n = x.numel()
        copy_kernel[(triton.cdiv(n, 256),)](y, out, n, BLOCK=256)
        return out
