import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim
        self.kernel = row_sum_kernel

    def forward(self, x):
        x2 = x.reshape(-1, x.shape[-1])
        rows, cols = x2.shape
        out = torch.empty(rows, device=x.device, dtype=torch.float32)
        block = min(1024, triton.next_power_of_2(cols))
        self.kernel[(rows,)](x2, out, cols, x2.stride(0), BLOCK=block)
        if x.dtype != torch.float32:
            out = out.to(x.dtype)
        return out.view(*x.shape[:-1], 1)
