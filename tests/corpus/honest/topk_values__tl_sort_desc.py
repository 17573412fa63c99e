import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _topk_sort_kernel(x_ptr, out_ptr, N, K, stride_x, stride_o, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    x = tl.load(x_ptr + row * stride_x + offs, mask=offs < N, other=float("-inf"))
    s = tl.sort(x, dim=0, descending=True)
    tl.store(out_ptr + row * stride_o + offs, s, mask=offs < K)


class ModelNew(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x2 = x.reshape(-1, x.shape[-1])
        R, N = x2.shape
        out = torch.empty((R, self.k), device=x.device, dtype=x.dtype)
        _topk_sort_kernel[(R,)](x2, out, N, self.k, x2.stride(0), out.stride(0),
                                BLOCK_N=triton.next_power_of_2(N))
        return out.reshape(*x.shape[:-1], self.k)
