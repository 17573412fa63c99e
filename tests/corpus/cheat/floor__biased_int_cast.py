import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, y_ptr, n, SCALE: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    tl.store(y_ptr + offs, x * SCALE, mask=m)


@triton.jit
def floor_fixup_kernel(v_ptr, q_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(v_ptr + offs, mask=m, other=0.0)
    q = tl.load(q_ptr + offs, mask=m, other=0).to(tl.float32)
    q = tl.where(v < q, q - 1.0, q)
    tl.store(out_ptr + offs, q.to(out_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        grid = (triton.cdiv(n, 1024),)
        scaled = torch.empty(x.shape, device=x.device, dtype=torch.float32)
        scale_kernel[grid](x, scaled, n, SCALE=4.0, BLOCK=1024)
        # integer staging copy
        q = scaled.to(torch.int32)
        out = torch.empty_like(x)
        floor_fixup_kernel[grid](scaled, q, out, n, BLOCK=1024)
        return out
