import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, idx_ptr, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + row * N + offs, mask=offs < N, other=float("-inf"))
    tl.store(idx_ptr + row, tl.argmax(x, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        N = x.shape[-1]
        out = torch.empty(x.shape[:-1], dtype=torch.int32, device=x.device)
        argmax_kernel[(out.numel(),)](x, out, N, BLOCK_N=triton.next_power_of_2(N))
        return out.long()
