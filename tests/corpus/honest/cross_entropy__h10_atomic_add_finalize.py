import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ce_rows_kernel(logits_ptr, targets_ptr, loss_sum_ptr, C, stride_row, BLOCK_C: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_C)
    mask = cols < C
    logits = tl.load(logits_ptr + row * stride_row + cols, mask=mask, other=-float("inf")).to(tl.float32)
    m = tl.max(logits, axis=0)
    lse = m + tl.log(tl.sum(tl.exp(logits - m), axis=0))
    target = tl.load(targets_ptr + row)
    target_logit = tl.load(logits_ptr + row * stride_row + target).to(tl.float32)
    tl.atomic_add(loss_sum_ptr, lse - target_logit)


@triton.jit
def ce_finalize_kernel(loss_sum_ptr, out_ptr, n_rows):
    total = tl.load(loss_sum_ptr)
    tl.store(out_ptr, (total / n_rows).to(out_ptr.dtype.element_ty))


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        predictions = predictions.contiguous()
        targets = targets.contiguous()
        n_rows, n_classes = predictions.shape
        loss_sum = torch.zeros(1, device=predictions.device, dtype=torch.float32)
        BLOCK_C = triton.next_power_of_2(n_classes)
        ce_rows_kernel[(n_rows,)](predictions, targets, loss_sum, n_classes, predictions.stride(0), BLOCK_C=BLOCK_C)
        out = torch.empty((), device=predictions.device, dtype=predictions.dtype)
        ce_finalize_kernel[(1,)](loss_sum, out, n_rows)
        return out
