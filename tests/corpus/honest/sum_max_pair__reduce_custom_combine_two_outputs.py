import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _add(a, b):
    return a + b


@triton.jit
def _mx(a, b):
    return tl.maximum(a, b)


@triton.jit
def sum_max_kernel(x_ptr, s_ptr, m_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    v0 = tl.load(x_ptr + row * N + offs, mask=mask, other=0.0)
    v1 = tl.load(x_ptr + row * N + offs, mask=mask, other=float('-inf'))
    tl.store(s_ptr + row, tl.reduce(v0, 0, _add))
    tl.store(m_ptr + row, tl.reduce(v1, 0, _mx))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        s = x.new_empty(M)
        m = x.new_empty(M)
        sum_max_kernel[(M,)](x, s, m, N, BLOCK=triton.next_power_of_2(N))
        return s, m
