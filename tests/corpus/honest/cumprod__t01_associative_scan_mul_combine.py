import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _mul_combine(a, b):
    return a * b


@triton.jit
def cumprod_rows_kernel(x_ptr, y_ptr, n_cols, stride_xr, stride_yr, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_xr + cols, mask=mask, other=1.0).to(tl.float32)
    y = tl.associative_scan(x, 0, _mul_combine)
    tl.store(y_ptr + row * stride_yr + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        dim = self.dim % x.dim()
        xt = x.movedim(dim, -1).contiguous()
        shape = xt.shape
        x2 = xt.reshape(-1, shape[-1])
        y2 = torch.empty_like(x2)
        n_rows, n_cols = x2.shape
        BLOCK_SIZE = triton.next_power_of_2(n_cols)
        cumprod_rows_kernel[(n_rows,)](x2, y2, n_cols, x2.stride(0), y2.stride(0), BLOCK_SIZE=BLOCK_SIZE)
        return y2.reshape(shape).movedim(-1, dim)
