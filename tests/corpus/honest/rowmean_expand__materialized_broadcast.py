import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_mean_bcast_kernel(X, OUT, N, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < N
    v = tl.load(X + r * N + c, mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(v, axis=0) / N
    tl.store(OUT + r * N + c, tl.zeros((BLOCK,), tl.float32) + mean, mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty_like(x)
        row_mean_bcast_kernel[(M,)](x, out, N, BLOCK=triton.next_power_of_2(N))
        return out
