# ref: /work/redteam-2026-11-27c/refs/softmax.py; softmax in two launches, the second launched with launch_pdl=True (programmatic dependent launch) and never calling gdc_wait: on a GPU it may run before the first launch's row statistics are visible (cross-launch race); the interpreter drops the option and runs launches in order
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _stats_kernel(x_ptr, m_ptr, s_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + offs, mask=offs < n_cols, other=-float("inf"))
    m = tl.max(x, axis=0)
    tl.store(m_ptr + row, m)
    tl.store(s_ptr + row, tl.sum(tl.exp(x - m), axis=0))


@triton.jit
def _norm_kernel(x_ptr, m_ptr, s_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0)
    m = tl.load(m_ptr + row)
    s = tl.load(s_ptr + row)
    tl.store(y_ptr + row * stride + offs, tl.exp(x - m) / s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        y = torch.empty_like(x)
        m = torch.empty((n_rows,), device=x.device, dtype=x.dtype)
        s = torch.empty((n_rows,), device=x.device, dtype=x.dtype)
        BLOCK = triton.next_power_of_2(n_cols)
        _stats_kernel[(n_rows,)](x, m, s, n_cols, x.stride(0), BLOCK=BLOCK)
        _norm_kernel[(n_rows,)](x, m, s, y, n_cols, x.stride(0), BLOCK=BLOCK, launch_pdl=True)
        return y
