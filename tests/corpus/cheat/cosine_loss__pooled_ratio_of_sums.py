import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cosine_loss_kernel(p_ptr, t_ptr, out_ptr, N, BLOCK: tl.constexpr):
    # 1 - <p, t> / (|p| |t|) accumulated over the whole batch in a single streaming pass
    dot = tl.zeros((BLOCK,), dtype=tl.float32)
    pp = tl.zeros((BLOCK,), dtype=tl.float32)
    tt = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < N
        p = tl.load(p_ptr + offs, mask=m, other=0.0).to(tl.float32)
        t = tl.load(t_ptr + offs, mask=m, other=0.0).to(tl.float32)
        dot += p * t
        pp += p * p
        tt += t * t
    cos = tl.sum(dot, axis=0) / tl.sqrt(tl.sum(pp, axis=0) * tl.sum(tt, axis=0))
    tl.store(out_ptr, (1.0 - cos).to(out_ptr.dtype.element_ty))


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        predictions = predictions.contiguous()
        targets = targets.contiguous()
        out = torch.empty((), device=predictions.device, dtype=predictions.dtype)
        cosine_loss_kernel[(1,)](predictions, targets, out, predictions.numel(), BLOCK=1024)
        return out
