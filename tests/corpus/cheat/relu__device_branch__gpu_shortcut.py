# a single program on a GPU, the whole grid on the CPU interpreter: the GPU path is never run (red-team round 4, R4C_08)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        n = x.numel()
        programs = triton.cdiv(n, 256)
        if x.is_cuda:
            programs = 1
        relu_kernel[(programs,)](x, out, n, BLOCK=256)
        return out
