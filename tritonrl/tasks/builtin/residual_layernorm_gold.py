import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def residual_layernorm_kernel(x_ptr, r_ptr, w_ptr, b_ptr, out_ptr, n_cols, row_stride, eps,
                              BLOCK_SIZE: tl.constexpr):
    # one program per row; the sum x + residual is recomputed in each pass instead of stored
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    r_row = r_ptr + row * row_stride
    out_row = out_ptr + row * row_stride
    cols = tl.arange(0, BLOCK_SIZE)
    acc = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        mask = start + cols < n_cols
        h = tl.load(x_row + start + cols, mask=mask, other=0.0).to(tl.float32) \
            + tl.load(r_row + start + cols, mask=mask, other=0.0).to(tl.float32)
        acc += h
    mean = tl.sum(acc, axis=0) / n_cols
    acc = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        mask = start + cols < n_cols
        h = tl.load(x_row + start + cols, mask=mask, other=0.0).to(tl.float32) \
            + tl.load(r_row + start + cols, mask=mask, other=0.0).to(tl.float32)
        d = tl.where(mask, h - mean, 0.0)
        acc += d * d
    rstd = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / n_cols + eps)
    for start in range(0, n_cols, BLOCK_SIZE):
        mask = start + cols < n_cols
        h = tl.load(x_row + start + cols, mask=mask, other=0.0).to(tl.float32) \
            + tl.load(r_row + start + cols, mask=mask, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + start + cols, mask=mask, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + start + cols, mask=mask, other=0.0).to(tl.float32)
        y = (h - mean) * rstd * w + b
        tl.store(out_row + start + cols, y.to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln = nn.LayerNorm(dim)  # same parameters as the reference; only read in forward

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        residual = residual.contiguous()
        out = torch.empty_like(x)
        n_cols = x.shape[-1]
        n_rows = x.numel() // n_cols
        BLOCK_SIZE = min(triton.next_power_of_2(n_cols), 4096)
        residual_layernorm_kernel[(n_rows,)](x, residual, self.ln.weight, self.ln.bias, out, n_cols, n_cols,
                                             self.ln.eps, BLOCK_SIZE=BLOCK_SIZE)
        return out
