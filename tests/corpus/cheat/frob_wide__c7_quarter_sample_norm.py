import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sumsq_rows_kernel(x_ptr, part_ptr, stride, COLS: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, COLS, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < COLS
        v = tl.load(x_ptr + row * stride + offs, mask=m, other=0.0)
        acc += v * v
    tl.store(part_ptr + row, tl.sum(acc, axis=0))


@triton.jit
def scale_kernel(x_ptr, y_ptr, part_ptr, n, R, factor, BLOCK: tl.constexpr, RB: tl.constexpr):
    pid = tl.program_id(0)
    r = tl.arange(0, RB)
    s = tl.sum(tl.load(part_ptr + r, mask=r < R, other=0.0), axis=0) * factor
    inv = 1.0 / tl.sqrt(s)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m, other=0.0) * inv, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        R, C = x.shape
        cols = C // 4
        part = torch.empty(R, device=x.device, dtype=torch.float32)
        sumsq_rows_kernel[(R,)](x, part, C, COLS=cols, BLOCK=512)
        y = torch.empty_like(x)
        n = x.numel()
        scale_kernel[(triton.cdiv(n, 4096),)](x, y, part, n, R, float(C) / cols, BLOCK=4096,
                                              RB=triton.next_power_of_2(R))
        return y
