import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def l2_normalize_kernel(x_ptr, y_ptr, n_cols, stride, eps, BLOCK_SIZE: tl.constexpr):
    row_id = tl.program_id(0)
    x_row = x_ptr + row_id * stride
    y_row = y_ptr + row_id * stride
    sq = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for off in range(0, n_cols, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        v = tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        sq += v * v
    norm = tl.sqrt(tl.sum(sq, axis=0))
    denom = tl.maximum(norm, eps)
    for off in range(0, n_cols, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        mask = cols < n_cols
        v = tl.load(x_row + cols, mask=mask, other=0.0).to(tl.float32)
        tl.store(y_row + cols, (v / denom).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x):
        if x.dim() != 2 or self.dim not in (1, -1):
            raise ValueError("ModelNew expects 2D input normalised over dim 1")
        x = x.contiguous()
        y = torch.empty_like(x)
        n_rows, n_cols = x.shape
        l2_normalize_kernel[(n_rows,)](x, y, n_cols, x.stride(0), self.eps, BLOCK_SIZE=256)
        return y
