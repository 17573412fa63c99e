import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_max_kernel(x_ptr, max_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=float("-inf"))
    tl.store(max_ptr + row, tl.max(x, axis=0))


@triton.jit
def row_lse_kernel(x_ptr, max_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=float("-inf")).to(tl.float32)
    mx = tl.load(max_ptr + row).to(tl.float32)
    s = tl.sum(tl.exp(x - mx), axis=0)
    tl.store(out_ptr + row, mx + tl.log(s))


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self._dim = dim

    @property
    def dim(self) -> int:
        return self._dim

    @staticmethod
    def _launch(x: torch.Tensor) -> torch.Tensor:
        rows, cols = x.shape
        block = triton.next_power_of_2(cols)
        mx = torch.empty(rows, device=x.device, dtype=x.dtype)
        out = torch.empty((rows, 1), device=x.device, dtype=x.dtype)
        row_max_kernel[(rows,)](x, mx, cols, BLOCK=block)
        row_lse_kernel[(rows,)](x, mx, out, cols, BLOCK=block)
        return out

    def forward(self, x):
        assert x.dim() == 2 and self.dim in (1, -1)
        return self._launch(x.contiguous())
