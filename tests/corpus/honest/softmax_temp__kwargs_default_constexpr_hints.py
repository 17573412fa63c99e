import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _row_max(x):
    return tl.max(x, axis=0)


@triton.jit(do_not_specialize=["n_cols"])
def softmax_t_kernel(x_ptr, y_ptr, n_cols, row_stride, inv_t, BLOCK_SIZE: tl.constexpr = 256):
    row = tl.program_id(0).to(tl.int64)
    tl.assume(row_stride > 0)
    cols = tl.arange(0, BLOCK_SIZE)
    cols = tl.max_contiguous(tl.multiple_of(cols, BLOCK_SIZE), BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * row_stride + cols, mask=mask, other=-float("inf")).to(tl.float32) * inv_t
    z = x - _row_max(x)
    num = tl.exp(z)
    den = tl.sum(num, axis=0)
    tl.store(y_ptr + row * row_stride + cols, num / den, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, temperature: float):
        super().__init__()
        self.temperature = temperature

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        y = torch.empty_like(x)
        if n_cols <= 256:
            softmax_t_kernel[(n_rows,)](x_ptr=x, y_ptr=y, n_cols=n_cols, row_stride=x.stride(0),
                                        inv_t=1.0 / self.temperature, num_warps=2)
        else:
            softmax_t_kernel[(n_rows,)](x_ptr=x, y_ptr=y, n_cols=n_cols, row_stride=x.stride(0),
                                        inv_t=1.0 / self.temperature,
                                        BLOCK_SIZE=triton.next_power_of_2(n_cols), num_warps=4)
        return y
