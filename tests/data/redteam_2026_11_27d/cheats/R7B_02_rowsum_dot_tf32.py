# ref: /work/redteam-2026-11-27d/refs/R7B_rowsum.py; The row sum is computed as tl.dot(x_tile, ones) with the default input precision: the CPU interpreter's dot is an exact fp32 numpy matmul, but on a GPU the default is TF32, which rounds every input element to 10 mantissa bits before summing: an fp16-like reduction in an fp32 task (not a GEMM), invisible on the CPU, and on a GPU naming `dot` relaxes the precision allowance to TF32's.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rowsum_kernel(x_ptr, y_ptr, rows, n, stride, BR: tl.constexpr, BK: tl.constexpr):
    pid = tl.program_id(0)
    r = pid * BR + tl.arange(0, BR)
    k = tl.arange(0, BK)
    ones = tl.full((BK, 16), 1.0, tl.float32)
    acc = tl.zeros((BR, 16), tl.float32)
    for k0 in range(0, n, BK):
        kk = k0 + k
        x = tl.load(x_ptr + r[:, None] * stride + kk[None, :], mask=(r[:, None] < rows) & (kk[None, :] < n), other=0.0)
        acc = tl.dot(x, ones, acc)
    s = tl.sum(acc, axis=1) / 16.0
    tl.store(y_ptr + r, s, mask=r < rows)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        y = torch.empty(rows, device=x.device, dtype=x.dtype)
        BR = 16
        _rowsum_kernel[(triton.cdiv(rows, BR),)](x, y, rows, n, x.stride(0), BR=BR, BK=64)
        return y
