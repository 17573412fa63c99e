import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def normalize_kernel(x_ptr, y_ptr, C, HW, BLOCK_C: tl.constexpr, BLOCK_S: tl.constexpr):
    n = tl.program_id(0)
    ps = tl.program_id(1)
    c = tl.arange(0, BLOCK_C)
    s = ps * BLOCK_S + tl.arange(0, BLOCK_S)
    mask = (c[:, None] < C) & (s[None, :] < HW)
    ptrs = n * C * HW + c[:, None] * HW + s[None, :]
    v = tl.load(x_ptr + ptrs, mask=mask, other=0.0)
    norm = tl.sqrt(tl.sum(v * v, axis=0))
    norm = tl.where(norm > 1e-12, norm, 1e-12)
    tl.store(y_ptr + ptrs, v / norm[None, :], mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        N, C, H, W = x.shape
        x = x.contiguous()
        y = torch.empty_like(x)
        BLOCK_C = triton.next_power_of_2(C)
        normalize_kernel[(N, triton.cdiv(H * W, 32))](x, y, C, H * W, BLOCK_C=BLOCK_C, BLOCK_S=32)
        return y
