"""Row softmax for fp16 activations: fp32 math, fp16 storage."""
from typing import Tuple

import torch
import torch.nn as nn
import triton
import triton.language as tl


def _configs():
    return [triton.Config({"BLOCK_N": b}, num_warps=w) for b in (256, 512) for w in (2, 4)]


@triton.autotune(configs=_configs(), key=["N"])
@triton.jit
def softmax_fp16_kernel(x_ptr, y_ptr, N, stride_x, stride_y, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    mask = offs < N
    x = tl.load(x_ptr + row * stride_x + offs, mask=mask, other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    den = tl.sum(num, axis=0)
    tl.store(y_ptr + row * stride_y + offs, (num / den).to(y_ptr.dtype.element_ty), mask=mask)


def _rows(x: torch.Tensor) -> Tuple[torch.Tensor, int, int]:
    x2 = x.reshape(-1, x.shape[-1])
    return x2, x2.shape[0], x2.shape[1]


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x2, M, N = _rows(x)
        if N > 512:
            raise NotImplementedError("row longer than the largest block")
        y = torch.empty_like(x2)
        softmax_fp16_kernel[(M,)](x2, y, N, x2.stride(0), y.stride(0))
        return y.view_as(x)
