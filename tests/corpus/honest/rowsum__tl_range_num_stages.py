import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_kernel(x_ptr, y_ptr, N, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in tl.range(0, N, BLOCK, num_stages=2):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * stride_row + offs, mask=offs < N, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        assert self.dim in (1, -1) and x.dim() == 2
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty((M,), device=x.device, dtype=x.dtype)
        rowsum_kernel[(M,)](x, y, N, x.stride(0), BLOCK=32)
        return y
