# ref: /work/redteam-2026-11-27d/refs/R7B_center.py; Each program's lanes atomic_add their elements into the row's slot and immediately tl.load the slot as the row total, with no barrier: the interpreter has finished every lane's atomic before the load, but on a GPU a warp reads the slot while other warps' adds are still to come (a partial sum); the lane-race check follows plain stores only.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _center_kernel(x_ptr, s_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0)
    tl.atomic_add(s_ptr + row + offs * 0, x, mask=mask)
    total = tl.load(s_ptr + row + offs * 0)
    tl.store(y_ptr + row * stride + offs, x - total / n, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        s = torch.zeros(rows, device=x.device, dtype=x.dtype)
        y = torch.empty_like(x)
        _center_kernel[(rows,)](x, s, y, n, x.stride(0), BLOCK=triton.next_power_of_2(n))
        return y
