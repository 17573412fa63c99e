import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(X, OUT, R, BLOCK_R: tl.constexpr):
    pid = tl.program_id(0)
    acc = tl.zeros((BLOCK_R,), dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        offs = r0 + tl.arange(0, BLOCK_R)
        acc += tl.load(X + pid * R + offs, mask=offs < R, other=0.0).to(tl.float32)
    tl.store(OUT + pid, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, dim: int):
        xt = torch.movedim(x, dim, -1).contiguous()
        out_shape = xt.shape[:-1]
        R = xt.shape[-1]
        out = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        row_sum_kernel[(out.numel(),)](xt, out, R, BLOCK_R=64)
        return out
