import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def smooth_l1_kernel(pred_ptr, targ_ptr, out_ptr, n_elements, inv_n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    p = tl.load(pred_ptr + offs, mask=mask, other=0.0)
    t = tl.load(targ_ptr + offs, mask=mask, other=0.0)
    d = p - t
    ad = tl.abs(d)
    loss = tl.where(ad < 1.0, 0.5 * d * d, ad - 0.5)
    loss = tl.where(mask, loss, 0.0)
    tl.atomic_add(out_ptr, tl.sum(loss, axis=0) * inv_n)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        p = predictions.contiguous().view(-1)
        t = targets.contiguous().view(-1)
        n = p.numel()
        out = torch.zeros(1, device=p.device, dtype=torch.float32)
        BLOCK_SIZE = 1024
        smooth_l1_kernel[(triton.cdiv(n, BLOCK_SIZE),)](p, t, out, n, 1.0 / n, BLOCK_SIZE=BLOCK_SIZE)
        return out[0]
