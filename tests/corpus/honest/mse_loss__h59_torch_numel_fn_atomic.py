import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mse_atomic_kernel(p_ptr, t_ptr, acc_ptr, n, inv_n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    d = tl.load(p_ptr + offs, mask=mask, other=0.0).to(tl.float32) - tl.load(t_ptr + offs, mask=mask, other=0.0).to(tl.float32)
    tl.atomic_add(acc_ptr, tl.sum(d * d, axis=0) * inv_n)


@triton.jit
def cast_scalar_kernel(src_ptr, dst_ptr):
    tl.store(dst_ptr, tl.load(src_ptr).to(dst_ptr.dtype.element_ty))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, predictions, targets):
        n = torch.numel(predictions)
        acc = torch.zeros((), device=predictions.device, dtype=torch.float32)
        BLOCK = 2048
        mse_atomic_kernel[(triton.cdiv(n, BLOCK),)](predictions.contiguous(), targets.contiguous(), acc, n, 1.0 / n, BLOCK=BLOCK)
        out = torch.empty((), device=predictions.device, dtype=predictions.dtype)
        cast_scalar_kernel[(1,)](acc, out)
        return out
