import torch
import torch.nn as nn
import triton
import triton.language as tl

BLOCK_SIZE = 64


@triton.jit
def scale_residual_2d(x_ptr, r_ptr, o_ptr, M, N, sxm, sxn, srm, srn, som, son, scale,
                      BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    for start in tl.range(0, N, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        mask = cols < N
        x = tl.load(x_ptr + row * sxm + cols * sxn, mask=mask)
        r = tl.load(r_ptr + row * srm + cols * srn, mask=mask)
        tl.store(o_ptr + row * som + cols * son, x * scale + r, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, scale: float) -> None:
        super().__init__()
        self.scale = scale

    def _run(self, x: torch.Tensor, r: torch.Tensor) -> torch.Tensor:
        M, N = x.shape
        o = x.new_empty((M, N))
        scale_residual_2d[(M,)](x, r, o, M, N, *x.stride(), *r.stride(), *o.stride(), self.scale,
                                BLOCK_N=BLOCK_SIZE)
        return o

    def forward(self, x, residual):
        with torch.no_grad():
            return self._run(x, residual)
