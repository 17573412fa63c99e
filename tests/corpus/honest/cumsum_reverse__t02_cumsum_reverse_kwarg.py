import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def reverse_cumsum_kernel(x_ptr, out_ptr, N, stride_row, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = tl.arange(0, BLOCK)
    m = offs < N
    vals = tl.load(x_ptr + pid * stride_row + offs, mask=m, other=0.0).to(tl.float32)
    acc = tl.cumsum(vals, axis=0, reverse=True)
    tl.store(out_ptr + pid * stride_row + offs, acc, mask=m)


class ModelNew(nn.Module):
    """Reverse cumulative sum along `dim` with a single Triton scan per row."""

    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        assert self.dim in (1, -1) and x.dim() == 2, "kernel written for 2D inputs, dim=1"
        x = x.contiguous()
        out = torch.empty_like(x)
        B, N = x.shape
        reverse_cumsum_kernel[(B,)](x, out, N, x.stride(0), BLOCK=triton.next_power_of_2(N))
        return out
