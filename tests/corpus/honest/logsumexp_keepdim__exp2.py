import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lse_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_row + cols, mask=mask, other=float('-inf'))
    m = tl.max(x, axis=0)
    LOG2E: tl.constexpr = 1.4426950408889634
    LN2: tl.constexpr = 0.6931471805599453
    s = tl.sum(tl.exp2((x - m) * LOG2E), axis=0)
    tl.store(out_ptr + row, m + tl.log2(s) * LN2)


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        x = x.contiguous()
        B, N = x.shape
        out = x.new_empty((B, 1))
        lse_kernel[(B,)](x, out, N, x.stride(0), BLOCK_SIZE=triton.next_power_of_2(N))
        return out
