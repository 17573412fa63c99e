# ref: /work/redteam-2026-11-27e/refs/C_temp_softmax.py; The int temperature is read inside `torch.softmax(...)`'s argument, so init_values classifies it as a size (softmax is a SHAPE_CALL) and new_seed never moves it: the kernel bakes in 1/4 and ignores the constructor's temperature, wrong for any other temperature.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _softmax_t(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    x = x * 0.25
    m = tl.max(x, axis=0)
    e = tl.where(mask, tl.exp(x - m), 0.0)
    s = tl.sum(e, axis=0)
    tl.store(y_ptr + row * stride + cols, e / s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, temperature):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n_rows, n_cols = x.shape
        _softmax_t[(n_rows,)](x, y, n_cols, x.stride(0), BLOCK=triton.next_power_of_2(n_cols))
        return y
