# ref: refs/rowsum.py; loads through block pointers are not race-checked: split-K rowsum accumulates into the output with a plain block-pointer read-modify-write (lost updates on a GPU)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_kernel(x_ptr, out_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    chunk = tl.program_id(1)
    cols = chunk * BLOCK + tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
    part = tl.sum(x, axis=0)
    acc_p = tl.make_block_ptr(out_ptr, shape=(n_rows,), strides=(1,), offsets=(row,), block_shape=(1,), order=(0,))
    acc = tl.load(acc_p)
    tl.store(out_ptr + row + tl.arange(0, 1), acc + part)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        out = torch.zeros(rows, device=x.device, dtype=x.dtype)
        rowsum_kernel[(rows, triton.cdiv(cols, 32))](x, out, rows, cols, BLOCK=32)
        return out
