import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_sum_max_rows(X, S, MX, N, stride_r, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.load(X + r * stride_r + c, mask=c < N, other=0.0)
    v = tl.maximum(v, 0.0)
    tl.store(S + r, tl.sum(v, axis=0))
    tl.store(MX + r, tl.max(v, axis=0))


def _rows_cols(t: torch.Tensor):
    last = t.ndim - 1
    n = t.size(last)
    return t.numel() // n, n


class ModelNew(nn.Module):
    def forward(self, x):
        red_dim = len(x.shape) - 1
        x = x.contiguous()
        rows, n = _rows_cols(x)
        vec_bytes = x.dtype.itemsize * 4
        num_warps = 2 if n * x.element_size() <= 1024 else 4
        out_shape = x.shape[:red_dim]
        s = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        mx = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        relu_sum_max_rows[(rows,)](x, s, mx, n, x.stride(red_dim - 1) if red_dim > 0 else n,
                                   BLOCK=max(triton.next_power_of_2(n), vec_bytes), num_warps=num_warps)
        return s, mx
