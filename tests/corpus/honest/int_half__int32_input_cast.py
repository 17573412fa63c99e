import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def half_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.store(y_ptr + offs, x.to(tl.float32) * 0.5, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty(x.shape, device=x.device, dtype=torch.float32)
        n = x.numel()
        half_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
