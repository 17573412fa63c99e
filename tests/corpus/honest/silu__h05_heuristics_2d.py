import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.heuristics({"BLOCK_N": lambda args: triton.next_power_of_2(args["n_cols"])})
@triton.jit
def silu_rows(x_ptr, out_ptr, n_cols, stride_x, stride_o, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride_x + cols, mask=mask, other=0.0).to(tl.float32)
    sig = 1.0 / (1.0 + tl.exp(-x))
    tl.store(out_ptr + row * stride_o + cols, x * sig, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    @torch.no_grad()
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.dim() == 2, "expected 2D input"
        n_rows, n_cols = x.shape
        out = torch.empty((n_rows, n_cols), device=x.device, dtype=x.dtype)
        silu_rows[(n_rows,)](x, out, n_cols, x.stride(0), out.stride(0))
        return out
