import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_mean_kernel(X, OUT, N, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.load(X + r * N + c, mask=c < N, other=0.0).to(tl.float32)
    tl.store(OUT + r, tl.sum(v, axis=0) / N)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        means = torch.empty((M, 1), device=x.device, dtype=x.dtype)
        row_mean_kernel[(M,)](x, means, N, BLOCK=triton.next_power_of_2(N))
        return means.expand_as(x)
