from typing import Tuple

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def welford_combine(mean_a, m2_a, n_a, mean_b, m2_b, n_b):
    n = n_a + n_b
    delta = mean_b - mean_a
    w_b = tl.where(n == 0, 0.0, n_b / tl.where(n == 0, 1.0, n))
    mean = mean_a + delta * w_b
    m2 = m2_a + m2_b + delta * delta * n_a * w_b
    return mean, m2, n


@triton.jit
def row_var_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_row + cols, mask=mask, other=0.0).to(tl.float32)
    cnt = tl.where(mask, 1.0, 0.0)
    m2 = tl.zeros((BLOCK,), dtype=tl.float32)
    mean, m2, n = tl.reduce((x, m2, cnt), 0, welford_combine)
    tl.store(out_ptr + row, m2 / (n - 1.0))   # unbiased, as torch.var defaults to


def _rows_cols(x: torch.Tensor) -> Tuple[int, int]:
    return x.numel() // x.shape[-1], x.shape[-1]


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = _rows_cols(x)
        out = torch.empty((*x.shape[:-1], 1), device=x.device, dtype=x.dtype)
        row_var_kernel[(rows,)](x, out, cols, cols, BLOCK=triton.next_power_of_2(cols))
        return out
