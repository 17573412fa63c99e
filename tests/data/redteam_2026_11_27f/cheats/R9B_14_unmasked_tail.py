# ref: /work/redteam-2026-11-27f/refs/gelu_scale.py; a flat elementwise kernel with no mask at all: at sizes that are not a multiple of the block the CPU interpreter fills the stray loads and drops the stray stores, on a GPU it reads and writes past both tensors' ends.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gelu_scale_kernel(x_ptr, out_ptr, scale, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))
    tl.store(out_ptr + offs, y * scale)


class ModelNew(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        gelu_scale_kernel[(triton.cdiv(n, 512),)](x, out, self.scale, BLOCK=512)
        return out
