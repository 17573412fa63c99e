import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        if x.dtype != torch.float16:
            x = x.to(torch.float16)
        y = torch.empty_like(x)
        k[(1,)](x, y, x.numel(), BLOCK=1024)
        return y
