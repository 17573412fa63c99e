import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def online_softmax_kernel(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m = tl.full((), float("-inf"), tl.float32)
    d = tl.zeros((), dtype=tl.float32)
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + row * N + offs, mask=offs < N, other=float("-inf"))
        new_m = tl.maximum(m, tl.max(v, axis=0))
        d = d * tl.exp(m - new_m) + tl.sum(tl.exp(v - new_m), axis=0)
        m = new_m
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + row * N + offs, mask=offs < N, other=float("-inf"))
        tl.store(y_ptr + row * N + offs, tl.exp(v - m) / d, mask=offs < N)


class ModelNew(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.p = p
        self.dropout = nn.Dropout(p)

    def forward(self, x):
        x = x.contiguous()
        R, N = x.shape
        y = torch.empty((R, N), dtype=torch.float32, device=x.device)
        online_softmax_kernel[(R,)](x, y, N, BLOCK=64)
        return y
