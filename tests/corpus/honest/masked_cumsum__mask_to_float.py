import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def masked_scan_kernel(x_ptr, m_ptr, y_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    valid = offs < L
    x = tl.load(x_ptr + row * L + offs, mask=valid, other=0.0)
    m = tl.load(m_ptr + row * L + offs, mask=valid, other=0.0)
    y = tl.cumsum(x * m, axis=0)
    tl.store(y_ptr + row * L + offs, y, mask=valid)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x, mask):
        x = x.contiguous()
        # bool -> float so the kernel can multiply directly
        m = mask.to(x.dtype).contiguous()
        B, L = x.shape
        y = torch.empty_like(x)
        masked_scan_kernel[(B,)](x, m, y, L, BLOCK=triton.next_power_of_2(L))
        return y
