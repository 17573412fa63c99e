import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_add_inplace(out_ptr, r_ptr, scale, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    v = tl.load(out_ptr + i, mask=m)
    tl.store(out_ptr + i, v * scale + tl.load(r_ptr + i, mask=m), mask=m)


class ModelNew(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.register_buffer("scale_t", torch.tensor(float(scale)), persistent=False)
        self.scale = float(scale)

    def forward(self, x, residual):
        out = x.clone()          # work on a copy: inputs stay untouched
        r = residual.contiguous()
        n = out.numel()
        scale_add_inplace[(triton.cdiv(n, 128),)](out, r, self.scale, n, BLOCK=128)
        return out
