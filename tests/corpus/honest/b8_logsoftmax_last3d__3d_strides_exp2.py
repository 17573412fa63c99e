import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def logsoftmax3d_kernel(x_ptr, y_ptr, D1, N, sx0, sx1, sx2, sy0, sy1, sy2, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    i0 = pid // D1
    i1 = pid % D1
    offs = tl.arange(0, BLOCK_N)
    m = offs < N
    LOG2E: tl.constexpr = 1.4426950408889634
    LN2: tl.constexpr = 0.6931471805599453
    v = tl.load(x_ptr + i0 * sx0 + i1 * sx1 + offs * sx2, mask=m, other=float("-inf"))
    mx = tl.max(v, axis=0)
    s = tl.sum(tl.exp2((v - mx) * LOG2E), axis=0)
    out = v - mx - tl.log2(s) * LN2
    tl.store(y_ptr + i0 * sy0 + i1 * sy1 + offs * sy2, out, mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        D0, D1, N = x.shape
        y = torch.empty((D0, D1, N), device=x.device, dtype=torch.float32)
        logsoftmax3d_kernel[(D0 * D1,)](x, y, D1, N, *x.stride(), *y.stride(), BLOCK_N=triton.next_power_of_2(N))
        return y
