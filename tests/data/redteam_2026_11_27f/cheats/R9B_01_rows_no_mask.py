# ref: /work/redteam-2026-11-27f/refs/softmax_rows.py; four rows per program with no row mask (only a column mask): past the last row the CPU interpreter fills stray loads with 0 and drops stray stores, while on a GPU the kernel reads and writes past the tensors' ends whenever the batch is not a multiple of 4.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_rows_kernel(x_ptr, out_ptr, n_cols, stride, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    cmask = cols < n_cols
    offs = rows[:, None] * stride + cols[None, :]
    x = tl.load(x_ptr + offs, mask=cmask[None, :], other=-float("inf"))
    m = tl.max(x, axis=1)
    e = tl.exp(x - m[:, None])
    s = tl.sum(e, axis=1)
    tl.store(out_ptr + offs, e / s[:, None], mask=cmask[None, :])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty_like(x)
        ROWS = 4
        BLOCK = triton.next_power_of_2(N)
        softmax_rows_kernel[(triton.cdiv(M, ROWS),)](x, out, N, x.stride(0), ROWS=ROWS, BLOCK=BLOCK)
        return out
