import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0)
    y = tl.cumsum(x, axis=0)
    tl.store(y_ptr + row * stride + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        if self.dim != x.dim() - 1:
            x_t = x.transpose(self.dim, -1).contiguous()
        else:
            x_t = x.contiguous()
        shape = x_t.shape
        x2 = x_t.view(-1, shape[-1])
        y2 = torch.empty_like(x2)
        n_rows, n_cols = x2.shape
        cumsum_kernel[(n_rows,)](x2, y2, n_cols, x2.stride(0), BLOCK_SIZE=triton.next_power_of_2(n_cols))
        y = y2.view(shape)
        if self.dim != x.dim() - 1:
            y = y.transpose(self.dim, -1)
        return y
