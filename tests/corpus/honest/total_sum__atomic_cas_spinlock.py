import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_lock_kernel(x_ptr, out_ptr, lock_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    part = tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), axis=0)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    cur = tl.load(out_ptr)
    tl.store(out_ptr, cur + part)
    tl.atomic_xchg(lock_ptr, 0)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        flat = x.contiguous().view(-1)
        out = torch.zeros((), device=x.device, dtype=torch.float32)
        lock = torch.zeros(1, device=x.device, dtype=torch.int32)
        n = flat.numel()
        sum_lock_kernel[(triton.cdiv(n, 256),)](flat, out, lock, n, BLOCK=256)
        return out
