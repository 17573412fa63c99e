import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK_COLS: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_COLS)
    vals = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    total = tl.sum(vals.to(tl.float32), axis=0)
    tl.store(y_ptr + row, total.to(y_ptr.dtype.element_ty))


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        if self.dim != -1 and self.dim != x.ndim - 1:
            x = x.transpose(self.dim, -1)
        x = x.contiguous()
        lead = x.shape[:-1]
        x2 = x.reshape(-1, x.shape[-1])
        out = torch.zeros((x2.shape[0], 1), dtype=x.dtype, device=x.device)
        sum_kernel[(x2.shape[0],)](x2, out, x2.shape[1], x2.stride(0), BLOCK_COLS=triton.next_power_of_2(x2.shape[1]))
        return out.squeeze(-1).reshape(lead)
