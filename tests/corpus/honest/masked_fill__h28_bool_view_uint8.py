import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def masked_fill_kernel(x_ptr, mask_ptr, out_ptr, n, value, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inb = offs < n
    x = tl.load(x_ptr + offs, mask=inb)
    m = tl.load(mask_ptr + offs, mask=inb, other=0)
    out = tl.where(m != 0, value, x)
    tl.store(out_ptr + offs, out.to(out_ptr.dtype.element_ty), mask=inb)


class ModelNew(nn.Module):
    def __init__(self, fill_value: float):
        super().__init__()
        self.fill_value = fill_value

    def forward(self, x, mask):
        x = x.contiguous()
        mask_u8 = mask.contiguous().view(torch.uint8)  # reinterpret bools as bytes, no copy
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        masked_fill_kernel[(triton.cdiv(n, BLOCK),)](x, mask_u8, out, n, self.fill_value, BLOCK=BLOCK)
        return out
