import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def center_rows_kernel(x_ptr, y_ptr, stride_x, stride_y, N, BLOCK_N: tl.constexpr):
    """y[row] = x[row] - mean(x[row])"""
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    y = x - mean
    tl.store(y_ptr + row * stride_y + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        orig_shape = x.shape
        x2d = x.reshape(-1, orig_shape[-1])
        if not x2d.is_contiguous():
            x2d = x2d.contiguous()
        M, N = x2d.shape
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        BLOCK_N = triton.next_power_of_2(N)
        num_warps = 4 if BLOCK_N <= 1024 else 8
        center_rows_kernel[(M,)](x2d, y, x2d.stride(0), y.stride(0), N, BLOCK_N=BLOCK_N, num_warps=num_warps)
        return y.reshape(orig_shape)
