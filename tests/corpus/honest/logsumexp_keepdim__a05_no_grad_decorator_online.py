import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def online_logsumexp_kernel(x_ptr, out_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    m = tl.full((BLOCK,), float("-inf"), tl.float32)
    s = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * stride_row + cols, mask=cols < n_cols, other=float("-inf")).to(tl.float32)
        new_m = tl.maximum(m, x)
        # guard lanes that have seen only -inf so far
        scale = tl.where(new_m == float("-inf"), 0.0, tl.exp(m - new_m))
        add = tl.where(new_m == float("-inf"), 0.0, tl.exp(x - new_m))
        s = s * scale + add
        m = new_m
    gmax = tl.max(m, axis=0)
    total = tl.sum(s * tl.exp(m - gmax), axis=0)
    tl.store(out_ptr + row, gmax + tl.log(total))


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    @torch.no_grad()
    def forward(self, x):
        if self.dim not in (-1, x.dim() - 1):
            raise ValueError("only the last dim is supported")
        x = x.contiguous()
        rows = x.numel() // x.shape[-1]
        out = torch.empty(x.shape[:-1] + (1,), device=x.device, dtype=x.dtype)
        online_logsumexp_kernel[(rows,)](x, out, x.shape[-1], x.shape[-1], BLOCK=256)
        return out
