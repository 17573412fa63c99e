import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sq_diff_partial_kernel(p_ptr, t_ptr, part_ptr, N, BLOCK: tl.constexpr, CHUNK: tl.constexpr):
    # each program reduces CHUNK elements of (p - t)^2 to one partial sum
    pid = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, CHUNK, BLOCK):
        offs = pid * CHUNK + start + tl.arange(0, BLOCK)
        m = offs < N
        p = tl.load(p_ptr + offs, mask=m, other=0.0).to(tl.float32)
        t = tl.load(t_ptr + offs, mask=m, other=0.0).to(tl.float32)
        d = p - t
        acc += d * d
    tl.store(part_ptr + pid, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        predictions = predictions.contiguous()
        targets = targets.contiguous()
        n = predictions.numel()
        chunk = 1024 * triton.cdiv(triton.cdiv(n, 16), 1024)
        n_parts = triton.cdiv(n, chunk)
        partials = torch.empty(n_parts, device=predictions.device, dtype=torch.float32)
        sq_diff_partial_kernel[(n_parts,)](predictions, targets, partials, n, BLOCK=1024, CHUNK=chunk)
        # a handful of block partials: combined exactly (compensated) on the host
        total = math.fsum(partials)
        return torch.full((), total / n, device=predictions.device, dtype=predictions.dtype)
