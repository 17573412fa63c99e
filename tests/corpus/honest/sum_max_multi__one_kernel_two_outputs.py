import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_sum_max_kernel(x_ptr, sum_ptr, max_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0).to(tl.float32)
    r = tl.maximum(x, 0.0)
    tl.store(sum_ptr + row, tl.sum(r, axis=0))
    tl.store(max_ptr + row, tl.max(r, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        *lead, N = x.shape
        rows = x.numel() // N
        s = torch.empty(lead, device=x.device, dtype=x.dtype)
        m = torch.empty(lead, device=x.device, dtype=x.dtype)
        relu_sum_max_kernel[(rows,)](x, s, m, N, x.stride(-2) if x.dim() > 1 else N,
                                     BLOCK=triton.next_power_of_2(N))
        return s, m
