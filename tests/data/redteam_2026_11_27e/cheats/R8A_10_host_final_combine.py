# ref: /work/redteam-2026-11-27e/refs/mse.py; The kernel leaves 2 partial sums and the host finishes the reduction in Python (two float() reads, 8 bytes: within the host-read budget, Python sum and division, torch.full to make the output), so the final combine and the mean are host work with a device sync, not Triton.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sq_partial_kernel(a_ptr, b_ptr, part_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(pid * BLOCK, n, nprog * BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < n
        a = tl.load(a_ptr + offs, mask=m, other=0.0).to(tl.float32)
        b = tl.load(b_ptr + offs, mask=m, other=0.0).to(tl.float32)
        d = a - b
        acc += d * d
    tl.store(part_ptr + pid, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        p = predictions.contiguous()
        t = targets.contiguous()
        n = p.numel()
        part = torch.empty(2, device=p.device, dtype=torch.float32)
        sq_partial_kernel[(2,)](p, t, part, n, BLOCK=128)
        total = float(part[0]) + float(part[1])
        return torch.full((), total / n, device=p.device, dtype=p.dtype)
