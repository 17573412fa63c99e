# No masks: right whenever the element count is a multiple of the block (the task's sizes), wrong at the
# tiny stage's odd sizes. Refused since strict shapes (verifier.strict_shapes, 2026-11-27): the larger variants
# draw sizes that are not multiples of the block, where it is silently wrong (expected.json: reject).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs) * 2.0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        scale_kernel[(max(x.numel() // 256, 1),)](x, y, BLOCK=256)
        return y
