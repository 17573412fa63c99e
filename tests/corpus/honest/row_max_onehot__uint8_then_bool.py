import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def onehot_kernel(X, OH, IDX, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    valid = offs < N
    x = tl.load(X + row * N + offs, mask=valid, other=float("-inf"))
    mx = tl.max(x, axis=0)
    tl.store(OH + row * N + offs, tl.where(x == mx, 1, 0).to(tl.uint8), mask=valid)
    tl.store(IDX + row, tl.argmax(x, axis=0).to(tl.int64))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        oh = torch.empty((M, N), dtype=torch.uint8, device=x.device)
        idx = torch.empty((M,), dtype=torch.int64, device=x.device)
        onehot_kernel[(M,)](x, oh, idx, N, BLOCK=triton.next_power_of_2(N))
        return oh.bool(), idx
