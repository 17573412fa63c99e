import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({'BLOCK_SIZE': 512}, num_warps=4),
        triton.Config({'BLOCK_SIZE': 2048}, num_warps=8),
    ],
    key=['n_elements'],
    reset_to_zero=['out_ptr'],
)
@triton.jit
def huber_sum_kernel(pred_ptr, targ_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    d = tl.load(pred_ptr + offs, mask=mask, other=0.0) - tl.load(targ_ptr + offs, mask=mask, other=0.0)
    ad = tl.abs(d)
    l = tl.where(ad < 1.0, 0.5 * d * d, ad - 0.5)
    tl.atomic_add(out_ptr, tl.sum(l, axis=0))


@triton.jit
def scale_kernel(x_ptr, scale):
    v = tl.load(x_ptr)
    tl.store(x_ptr, v * scale)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        n = predictions.numel()
        acc = torch.zeros((), device=predictions.device, dtype=torch.float32)
        grid = lambda meta: (triton.cdiv(n, meta['BLOCK_SIZE']),)
        huber_sum_kernel[grid](predictions.contiguous(), targets.contiguous(), acc, n)
        scale_kernel[(1,)](acc, 1.0 / n)
        return acc
