import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sq_accum_kernel(x_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(acc_ptr, tl.sum(x * x, axis=0))


@triton.jit
def normalize_kernel(x_ptr, acc_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    inv = 1.0 / tl.sqrt(tl.load(acc_ptr))
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) * inv, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        acc = torch.empty(1, device=x.device, dtype=torch.float32)
        acc.zero_()
        BLOCK = 2048
        grid = (triton.cdiv(n, BLOCK),)
        sq_accum_kernel[grid](x, acc, n, BLOCK=BLOCK)
        y = torch.empty_like(x)
        normalize_kernel[grid](x, acc, y, n, BLOCK=BLOCK)
        return y
