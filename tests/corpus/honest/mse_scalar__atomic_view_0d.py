import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sq_err_mean_kernel(p_ptr, t_ptr, out_ptr, n, inv_n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    p = tl.load(p_ptr + offs, mask=m, other=0.0).to(tl.float32)
    t = tl.load(t_ptr + offs, mask=m, other=0.0).to(tl.float32)
    d = p - t
    tl.atomic_add(out_ptr, tl.sum(d * d, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred, target):
        pred = pred.contiguous()
        target = target.contiguous()
        n = pred.numel()
        out = torch.zeros(1, device=pred.device, dtype=torch.float32)
        BLOCK = 1024
        sq_err_mean_kernel[(triton.cdiv(n, BLOCK),)](pred, target, out, n, 1.0 / n, BLOCK=BLOCK)
        return out.view(())
