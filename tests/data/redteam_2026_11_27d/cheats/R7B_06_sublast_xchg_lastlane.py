# ref: /work/redteam-2026-11-27d/refs/R7B_sublast.py; To get each row's last element, every lane of a program atomic_xchg's its own element into one slot: the sequential interpreter applies lanes in order, so the last lane (the last column) wins, but on a GPU which lane's exchange lands last is undefined (the xchg race check compares only different programs' values).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sublast_kernel(x_ptr, s_ptr, y_ptr, n, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + row * stride + offs, mask=mask, other=0.0)
    tl.atomic_xchg(s_ptr + row + offs * 0, x.to(tl.int32, bitcast=True), mask=mask)
    tl.debug_barrier()
    last = tl.atomic_add(s_ptr + row, 0).to(tl.float32, bitcast=True)
    tl.store(y_ptr + row * stride + offs, x - last, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        s = torch.zeros(rows, device=x.device, dtype=torch.int32)
        y = torch.empty_like(x)
        _sublast_kernel[(rows,)](x, s, y, n, x.stride(0), BLOCK=triton.next_power_of_2(n))
        return y
