# ref: /work/redteam-2026-11-27c/refs/relu.py; relu over 2-D tiles flattened with tl.reshape(..., can_reorder=True) and stored to flat offsets: the GPU compiler may permute the elements (Triton's contract), the interpreter keeps row-major order, so it is right only on the CPU
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _relu_kernel(x_ptr, y_ptr, n, R: tl.constexpr, C: tl.constexpr):
    pid = tl.program_id(0)
    base = pid * (R * C)
    offs2 = base + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :]
    x = tl.load(x_ptr + offs2, mask=offs2 < n, other=0.0)
    y = tl.reshape(tl.maximum(x, 0.0), (R * C,), can_reorder=True)
    offs = base + tl.arange(0, R * C)
    tl.store(y_ptr + offs, y, mask=offs < n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        R, C = 16, 64
        _relu_kernel[(triton.cdiv(n, R * C),)](x, y, n, R=R, C=C)
        return y
