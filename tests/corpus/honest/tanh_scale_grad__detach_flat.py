import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tanh_scale_add_kernel(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    e = tl.exp(-2.0 * tl.abs(x))
    t = (1.0 - e) / (1.0 + e)
    t = tl.where(x < 0, -t, t)
    tl.store(o_ptr + offs, 2.0 * t + y, mask=m)


class ModelNew(nn.Module):
    def forward(self, x, y):
        x_ = x.detach().contiguous()
        y_ = y.detach().contiguous()
        out = torch.empty_like(x_)
        n = out.numel()
        tanh_scale_add_kernel[(triton.cdiv(n, 1024),)](x_, y_, out, n, BLOCK=1024)
        return out
