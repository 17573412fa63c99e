import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rms_stats_kernel(x_ptr, inv_ptr, n_cols, eps, STEP: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    cnt = 0
    for c0 in range(0, n_cols, BLOCK * STEP):
        cols = c0 + tl.arange(0, BLOCK) * STEP
        v = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        acc += v * v
    n_used = (n_cols + STEP - 1) // STEP
    tl.store(inv_ptr + row, 1.0 / tl.sqrt(tl.sum(acc, axis=0) / n_used + eps))


@triton.jit
def rms_apply_kernel(x_ptr, inv_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    blk = tl.program_id(1)
    cols = blk * BLOCK + tl.arange(0, BLOCK)
    m = cols < n_cols
    inv = tl.load(inv_ptr + row)
    v = tl.load(x_ptr + row * n_cols + cols, mask=m, other=0.0)
    tl.store(y_ptr + row * n_cols + cols, (v.to(tl.float32) * inv).to(v.dtype), mask=m)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        shape = x.shape
        x2 = x.contiguous().view(-1, shape[-1])
        n_rows, n_cols = x2.shape
        step = 1
        inv = torch.empty(n_rows, device=x.device, dtype=torch.float32)
        rms_stats_kernel[(n_rows,)](x2, inv, n_cols, self.eps, STEP=step, BLOCK=1024)
        y = torch.empty_like(x2)
        rms_apply_kernel[(n_rows, triton.cdiv(n_cols, 1024))](x2, inv, y, n_cols, BLOCK=1024)
        return y.view(shape)
