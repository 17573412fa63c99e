import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, n_cols, row_stride, BLOCK_SIZE: tl.constexpr):
    # one program per row; per-lane partial results, reduced to one value at the end
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    cols = tl.arange(0, BLOCK_SIZE)
    acc = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        mask = start + cols < n_cols
        acc += tl.load(x_row + start + cols, mask=mask, other=0.0).to(tl.float32)
    result = tl.sum(acc, axis=0)
    tl.store(out_ptr + row, result.to(out_ptr.dtype.element_ty))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_cols = x.shape[-1]
        n_rows = x.numel() // n_cols
        out = torch.empty(x.shape[:-1], dtype=x.dtype, device=x.device)
        BLOCK_SIZE = min(triton.next_power_of_2(n_cols), 4096)
        row_sum_kernel[(n_rows,)](x, out, n_cols, n_cols, BLOCK_SIZE=BLOCK_SIZE)
        return out
