import torch
import torch.nn as nn
import torch.nn.functional as F  # kept from the reference file
import triton
import triton.language as tl


@triton.jit
def _layernorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, F, eps, BLOCK_F: tl.constexpr):
    # one row of F features per program
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_F)
    mask = cols < F
    x = tl.load(x_ptr + row * F + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / F
    xc = tl.where(mask, x - mean, 0.0)
    var = tl.sum(xc * xc, axis=0) / F
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    tl.store(y_ptr + row * F + cols, xc * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.ln = nn.LayerNorm(hidden)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x2 = x.reshape(-1, x.shape[-1]).contiguous()
        n_rows, n_feat = x2.shape
        y = torch.empty_like(x2)
        _layernorm_kernel[(n_rows,)](x2, self.ln.weight, self.ln.bias, y, n_feat, self.ln.eps,
                                     BLOCK_F=triton.next_power_of_2(n_feat))
        return y.view_as(x)
