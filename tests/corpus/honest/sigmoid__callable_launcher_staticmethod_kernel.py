import torch
import torch.nn as nn
import triton
import triton.language as tl



class _SigmoidOp:
    @staticmethod
    @triton.jit
    def kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask, other=0.0)
        tl.store(y_ptr + offs, 1.0 / (1.0 + tl.exp(-x)), mask=mask)

    def __init__(self, block=1024):
        self.block = block

    def __call__(self, x):
        flat = x.contiguous().reshape(-1)
        out = torch.empty_like(flat)
        n = flat.numel()
        self.kernel[(triton.cdiv(n, self.block),)](flat, out, n, BLOCK=self.block)
        return out.view_as(x)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.op = _SigmoidOp()

    @torch.no_grad()
    def forward(self, x: torch.Tensor, *, inplace: bool = False) -> torch.Tensor:
        return self.op(x)
