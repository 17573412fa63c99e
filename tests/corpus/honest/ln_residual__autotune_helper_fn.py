"""Fused residual-add + LayerNorm in Triton."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _row_stats(v, n_cols, mask):
    mean = tl.sum(v, axis=0) / n_cols
    diff = tl.where(mask, v - mean, 0.0)
    var = tl.sum(diff * diff, axis=0) / n_cols
    return mean, diff, var


@triton.autotune(
    configs=[
        triton.Config({}, num_warps=1),
        triton.Config({}, num_warps=2),
        triton.Config({}, num_warps=4),
    ],
    key=["n_cols"],
)
@triton.jit
def add_layernorm_kernel(
    x_ptr, r_ptr, w_ptr, b_ptr, out_ptr,
    stride_x, stride_r, stride_o,
    n_cols, eps,
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_SIZE)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride_x + offs, mask=mask, other=0.0).to(tl.float32)
    r = tl.load(r_ptr + row * stride_r + offs, mask=mask, other=0.0).to(tl.float32)
    v = x + r
    mean, diff, var = _row_stats(v, n_cols, mask)
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + offs, mask=mask, other=1.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    y = diff * rstd * w + b
    tl.store(out_ptr + row * stride_o + offs, y.to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden, eps=1e-5):
        super().__init__()
        self.norm = nn.LayerNorm(hidden, eps=eps)
        with torch.no_grad():
            self.norm.weight.normal_(1.0, 0.1)
            self.norm.bias.normal_(0.0, 0.1)

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        assert x.shape == residual.shape
        hidden = x.shape[-1]
        x2 = x.reshape(-1, hidden).contiguous()
        r2 = residual.reshape(-1, hidden).contiguous()
        out = torch.empty_like(x2)
        n_rows = x2.shape[0]
        BLOCK_SIZE = triton.next_power_of_2(hidden)
        grid = lambda meta: (n_rows,)
        add_layernorm_kernel[grid](
            x2, r2, self.norm.weight, self.norm.bias, out,
            x2.stride(0), r2.stride(0), out.stride(0),
            hidden, self.norm.eps,
            BLOCK_SIZE=BLOCK_SIZE,
        )
        return out.view_as(x)
