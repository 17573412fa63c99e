import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_max_onehot_kernel(x_ptr, mask_ptr, idx_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    valid = offs < n_cols
    x = tl.load(x_ptr + row * stride_row + offs, mask=valid, other=-float("inf"))
    mx = tl.max(x, axis=0)
    idx = tl.argmax(x, axis=0)
    is_max = (x == mx) & valid
    tl.store(mask_ptr + row * n_cols + offs, is_max, mask=valid)
    tl.store(idx_ptr + row, idx.to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        onehot = torch.empty((M, N), dtype=torch.bool, device=x.device)
        idx = torch.empty((M,), dtype=torch.int64, device=x.device)
        row_max_onehot_kernel[(M,)](x, onehot, idx, N, x.stride(0), BLOCK=triton.next_power_of_2(N))
        return onehot, idx
