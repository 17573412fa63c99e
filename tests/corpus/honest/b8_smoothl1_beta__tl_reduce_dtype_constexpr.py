import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _combine_add(a, b):
    return a + b


@triton.jit
def smooth_l1_kernel(p_ptr, t_ptr, out_ptr, n, beta, ACC_DTYPE: tl.constexpr, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), dtype=ACC_DTYPE)
    for s in range(0, n, BLOCK):
        offs = s + tl.arange(0, BLOCK)
        m = offs < n
        diff = tl.load(p_ptr + offs, mask=m, other=0.0).to(ACC_DTYPE) - tl.load(t_ptr + offs, mask=m, other=0.0).to(ACC_DTYPE)
        ad = tl.abs(diff)
        acc += tl.where(m, tl.where(ad < beta, 0.5 * ad * ad / beta, ad - 0.5 * beta), 0.0)
    total = tl.reduce(acc, 0, _combine_add)
    tl.store(out_ptr, total / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.beta = 0.5
        self.acc_dtype = torch.float32

    def forward(self, predictions, targets):
        n = predictions.numel()
        loss = torch.empty((), device=predictions.device, dtype=self.acc_dtype)
        smooth_l1_kernel[(1,)](predictions.contiguous(), targets.contiguous(), loss, n, self.beta,
                               ACC_DTYPE=tl.float32, BLOCK=1024)
        return loss
