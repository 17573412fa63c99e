# A kernel written for the task's sizes: one program per row of a power-of-two width, asserted. It cannot
# run the tiny stage's odd sizes; the task's own sizes decide (the full stage), as in KernelBench.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_rows(x_ptr, y_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, N)
    tl.store(y_ptr + row * N + cols, tl.load(x_ptr + row * N + cols) * 2.0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        B, N = x.shape
        assert N & (N - 1) == 0, "row width must be a power of two"
        y = torch.empty_like(x)
        scale_rows[(B,)](x.contiguous(), y, N=N)
        return y
