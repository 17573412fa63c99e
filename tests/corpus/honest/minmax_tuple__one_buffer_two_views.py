import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _row_minmax_kernel(x_ptr, out_ptr, n_rows, N, stride_row, BLOCK: tl.constexpr):
    # out is (2, n_rows): out[0] = row minima, out[1] = row maxima
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    lo = tl.full((BLOCK,), float("inf"), tl.float32)
    hi = tl.full((BLOCK,), float("-inf"), tl.float32)
    for start in range(0, N, BLOCK):
        m = start + offs < N
        v = tl.load(x_ptr + row * stride_row + start + offs, mask=m, other=0.0).to(tl.float32)
        lo = tl.minimum(lo, tl.where(m, v, float("inf")))
        hi = tl.maximum(hi, tl.where(m, v, float("-inf")))
    tl.store(out_ptr + row, tl.min(lo, axis=0))
    tl.store(out_ptr + n_rows + row, tl.max(hi, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor):
        x2 = x.reshape(-1, x.shape[-1]).contiguous()
        R, N = x2.shape
        out = torch.empty((2, R), device=x.device, dtype=x.dtype)  # one allocation for both results
        _row_minmax_kernel[(R,)](x2, out, R, N, x2.stride(0), BLOCK=128)
        keep = (*x.shape[:-1], 1)
        return out[0].view(keep), out[1].view(keep)
