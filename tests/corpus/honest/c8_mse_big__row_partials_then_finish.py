import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sq_diff_rows_kernel(p_ptr, t_ptr, part_ptr, n_cols, STEP: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for c0 in range(0, n_cols, BLOCK * STEP):
        cols = c0 + tl.arange(0, BLOCK) * STEP
        m = cols < n_cols
        p = tl.load(p_ptr + row * n_cols + cols, mask=m, other=0.0).to(tl.float32)
        t = tl.load(t_ptr + row * n_cols + cols, mask=m, other=0.0).to(tl.float32)
        d = p - t
        acc += d * d
    tl.store(part_ptr + row, tl.sum(acc, axis=0))


@triton.jit
def finish_kernel(part_ptr, out_ptr, n_rows, scale, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for r0 in range(0, n_rows, BLOCK):
        acc += tl.load(part_ptr + r0 + r, mask=r0 + r < n_rows, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0) * scale)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        p = predictions.contiguous().view(predictions.shape[0], -1)
        t = targets.contiguous().view(targets.shape[0], -1)
        n_rows, n_cols = p.shape
        # wide rows: every STEP-th column is plenty for a mean
        step = 1
        sampled = (n_cols + step - 1) // step
        part = torch.empty(n_rows, device=p.device, dtype=torch.float32)
        sq_diff_rows_kernel[(n_rows,)](p, t, part, n_cols, STEP=step, BLOCK=256)
        out = torch.empty((), device=p.device, dtype=torch.float32)
        finish_kernel[(1,)](part, out, n_rows, 1.0 / (n_rows * sampled), BLOCK=64)
        return out.to(predictions.dtype)
