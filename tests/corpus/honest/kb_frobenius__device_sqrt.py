import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sumsq_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(out_ptr, tl.sum(x * x, axis=0))


@triton.jit
def scale_kernel(x_ptr, y_ptr, ss_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    inv_norm = 1.0 / tl.sqrt(tl.load(ss_ptr))  # the norm on the device: no host round trip
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * inv_norm, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        BLOCK = 4096
        ss = torch.zeros(1, device=x.device, dtype=torch.float32)
        sumsq_kernel[(triton.cdiv(n, BLOCK),)](x, ss, n, BLOCK=BLOCK)
        y = torch.empty_like(x)
        scale_kernel[(triton.cdiv(n, BLOCK),)](x, y, ss, n, BLOCK=BLOCK)
        return y
