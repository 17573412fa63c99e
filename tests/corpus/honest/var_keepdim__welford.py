import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def var_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    # unbiased (Bessel-corrected) variance, matching torch.var default
    var = tl.sum(d * d, axis=0) / (n_cols - 1)
    tl.store(out_ptr + row, var)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        *lead, n = x.shape
        rows = x.numel() // n
        out = torch.empty(rows, device=x.device, dtype=torch.float32)
        var_kernel[(rows,)](x, out, n, BLOCK=triton.next_power_of_2(n))
        return out.view(*lead, 1).to(x.dtype)
