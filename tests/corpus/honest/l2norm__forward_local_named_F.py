import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def _l2_normalize_rows(x_ptr, y_ptr, n_feat, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_feat
    x = tl.load(x_ptr + row * n_feat + offs, mask=m, other=0.0)
    norm = tl.sqrt(tl.sum(x * x, axis=0))
    tl.store(y_ptr + row * n_feat + offs, x / tl.maximum(norm, eps), mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.dim() == 2 and self.dim in (1, -1)
        x = x.contiguous()
        B, F = x.shape  # batch, features
        y = torch.empty_like(x)
        _l2_normalize_rows[(B,)](x, y, F, self.eps, BLOCK=triton.next_power_of_2(F))
        return y
