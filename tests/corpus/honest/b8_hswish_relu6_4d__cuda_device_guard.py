import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def hswish_relu6_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0) * 3.0
    hs = x * tl.minimum(tl.maximum(x + 3.0, 0.0), 6.0) / 6.0
    tl.store(y_ptr + offs, tl.minimum(tl.maximum(hs, 0.0), 6.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        with torch.cuda.device(x.device):
            hswish_relu6_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
