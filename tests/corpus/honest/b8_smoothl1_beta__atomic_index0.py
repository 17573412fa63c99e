import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def smooth_l1_atomic_kernel(p_ptr, t_ptr, out_ptr, n, beta, inv_n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    d = tl.load(p_ptr + offs, mask=mask, other=0.0) - tl.load(t_ptr + offs, mask=mask, other=0.0)
    ad = tl.abs(d)
    l = tl.where(ad < beta, 0.5 * d * d / beta, ad - 0.5 * beta)
    l = tl.where(mask, l, 0.0)
    tl.atomic_add(out_ptr, tl.sum(l, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        n = predictions.numel()
        out = torch.zeros(1, device=predictions.device, dtype=torch.float32)
        BLOCK = 512
        smooth_l1_atomic_kernel[(triton.cdiv(n, BLOCK),)](predictions.contiguous(), targets.contiguous(), out,
                                                         n, 0.5, 1.0 / n, BLOCK=BLOCK)
        return out[0]
