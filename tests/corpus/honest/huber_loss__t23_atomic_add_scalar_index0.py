import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def smooth_l1_partial_kernel(p_ptr, t_ptr, out_ptr, n, inv_n, beta, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    p = tl.load(p_ptr + offs, mask=m, other=0.0).to(tl.float32)
    t = tl.load(t_ptr + offs, mask=m, other=0.0).to(tl.float32)
    d = tl.abs(p - t)
    loss = tl.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)
    loss = tl.where(m, loss, 0.0)
    tl.atomic_add(out_ptr, tl.sum(loss, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        p = predictions.contiguous().view(-1)
        t = targets.contiguous().view(-1)
        n = p.numel()
        out = torch.zeros(1, device=p.device, dtype=torch.float32)
        BLOCK = 1024
        smooth_l1_partial_kernel[(triton.cdiv(n, BLOCK),)](p, t, out, n, 1.0 / n, 1.0, BLOCK=BLOCK)
        return out[0]
