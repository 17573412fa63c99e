import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_residual_kernel(x_ptr, w_ptr, r_ptr, out_ptr, n_cols, row_stride, eps, BLOCK_SIZE: tl.constexpr):
    # one program per row: mean of squares, then normalise, weight and add the residual in one store pass
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    r_row = r_ptr + row * row_stride
    out_row = out_ptr + row * row_stride
    cols = tl.arange(0, BLOCK_SIZE)
    acc = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        mask = start + cols < n_cols
        x = tl.load(x_row + start + cols, mask=mask, other=0.0).to(tl.float32)
        acc += x * x
    rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / n_cols + eps)
    for start in range(0, n_cols, BLOCK_SIZE):
        mask = start + cols < n_cols
        x = tl.load(x_row + start + cols, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + start + cols, mask=mask, other=0.0).to(tl.float32)
        r = tl.load(r_row + start + cols, mask=mask, other=0.0).to(tl.float32)
        y = x * rstd * w + r
        tl.store(out_row + start + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(dim))  # same parameter as the reference; only read
        self.eps = eps

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        residual = residual.contiguous()
        out = torch.empty_like(x)
        n_cols = x.shape[-1]
        n_rows = x.numel() // n_cols
        BLOCK_SIZE = min(triton.next_power_of_2(n_cols), 4096)
        rmsnorm_residual_kernel[(n_rows,)](x, self.weight, residual, out, n_cols, n_cols, self.eps,
                                           BLOCK_SIZE=BLOCK_SIZE)
        return out
