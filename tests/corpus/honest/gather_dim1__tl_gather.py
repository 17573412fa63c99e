import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gather_kernel(x_ptr, idx_ptr, y_ptr, N: tl.constexpr, K: tl.constexpr):
    row = tl.program_id(0)
    src = tl.load(x_ptr + row * N + tl.arange(0, N))
    idx = tl.load(idx_ptr + row * K + tl.arange(0, K))
    out = tl.gather(src, idx.to(tl.int32), 0)
    tl.store(y_ptr + row * K + tl.arange(0, K), out)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx):
        x = x.contiguous()
        idx = idx.contiguous()
        M, N = x.shape
        K = idx.shape[1]
        y = torch.empty((M, K), device=x.device, dtype=x.dtype)
        gather_kernel[(M,)](x, idx, y, N=N, K=K)
        return y
