import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_mean_kernel(inp, out, n_cols, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    v = tl.load(inp + r * n_cols + offs, mask=offs < n_cols, other=0.0).to(tl.float32)
    tl.store(out + r, tl.sum(v, axis=0) / n_cols)


class ModelNew(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # bring the reduced dim last; for the permuted input this is a free view
        xt = x.transpose(1, 2)
        if not xt.is_contiguous():
            xt = xt.contiguous()
        B, D2, D1 = xt.shape
        out = torch.empty((B, D2), device=x.device, dtype=x.dtype)
        row_mean_kernel[(B * D2,)](xt, out, D1, BLOCK=triton.next_power_of_2(D1))
        return out
