import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _lse_kernel(X, Y, R, INNER, BLOCK_R: tl.constexpr):
    o = tl.program_id(0)
    i = tl.program_id(1)
    r = tl.arange(0, BLOCK_R)
    x = tl.load(X + o * R * INNER + r * INNER + i, mask=r < R, other=float("-inf")).to(tl.float32)
    m = tl.max(x, axis=0)
    s = tl.sum(tl.exp(x - m), axis=0)
    tl.store(Y + o * INNER + i, m + tl.log(s))


def triton_logsumexp(x: torch.Tensor, dim: int = -1, keepdim: bool = False) -> torch.Tensor:
    if dim < 0:
        dim += x.ndim
    x = x.contiguous()
    outer = 1
    for s in x.shape[:dim]:
        outer *= s
    inner = 1
    for s in x.shape[dim + 1:]:
        inner *= s
    R = x.shape[dim]
    out_shape = list(x.shape)
    if keepdim:
        out_shape[dim] = 1
    else:
        out_shape.pop(dim)
    y = torch.empty(out_shape, device=x.device, dtype=x.dtype)
    _lse_kernel[(outer, inner)](x, y, R, inner, BLOCK_R=triton.next_power_of_2(R))
    return y


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return triton_logsumexp(x, self.dim)
