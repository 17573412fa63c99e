import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softplus_fp32_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    y = tl.where(x > 20.0, x, tl.log(1.0 + tl.exp(tl.minimum(x, 20.0))))
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        orig_dtype = x.dtype
        x32 = x.contiguous().to(torch.float32)  # compute in fp32 for stability
        y = torch.empty_like(x32)
        n = x32.numel()
        softplus_fp32_kernel[(triton.cdiv(n, 1024),)](x32, y, n, BLOCK=1024)
        return y.to(orig_dtype)
