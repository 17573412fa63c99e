import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def masked_cumsum_kernel(x_ptr, m_ptr, out_ptr, n_cols, stride_x, stride_m, stride_o, BLOCK: tl.constexpr):
    # chunked scan with a running carry, so any row length works
    row = tl.program_id(0).to(tl.int64)
    carry = tl.zeros((), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        valid = cols < n_cols
        x = tl.load(x_ptr + row * stride_x + cols, mask=valid, other=0.0).to(tl.float32)
        m = tl.load(m_ptr + row * stride_m + cols, mask=valid, other=0)
        x = tl.where(m != 0, x, 0.0)
        c = tl.cumsum(x, axis=0) + carry
        tl.store(out_ptr + row * stride_o + cols, c, mask=valid)
        carry += tl.sum(x, axis=0)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x, mask):
        x = x.contiguous()
        mask = mask.contiguous()
        out = torch.empty_like(x)
        rows, cols = x.shape
        masked_cumsum_kernel[(rows,)](x, mask, out, cols, x.stride(0), mask.stride(0), out.stride(0), BLOCK=128)
        return out
