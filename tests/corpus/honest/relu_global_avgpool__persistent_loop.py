import torch
import torch.nn as nn
import triton
import triton.language as tl

NUM_PROGRAMS = 4


@triton.jit
def _relu_mean_persistent(x_ptr, out_ptr, n_planes, HW, inv_hw, NUM_PROGS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    # persistent: each program walks planes pid, pid + NUM_PROGS, ...
    for plane in range(pid, n_planes, NUM_PROGS):
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, HW, BLOCK):
            offs = start + tl.arange(0, BLOCK)
            v = tl.load(x_ptr + plane * HW + offs, mask=offs < HW, other=0.0)
            acc += tl.maximum(v, 0.0)
        tl.store(out_ptr + plane, tl.sum(acc, axis=0) * inv_hw)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, C, H, W = x.shape
        out = torch.empty((B, C, 1, 1), device=x.device, dtype=x.dtype)
        n_planes = B * C
        progs = min(NUM_PROGRAMS, n_planes)
        _relu_mean_persistent[(progs,)](x, out, n_planes, H * W, 1.0 / (H * W), NUM_PROGS=progs, BLOCK=64)
        return out
