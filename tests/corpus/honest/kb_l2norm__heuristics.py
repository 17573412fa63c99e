import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.heuristics({
    'BLOCK_SIZE': lambda args: triton.next_power_of_2(args['n_cols']),
})
@triton.jit
def l2_normalize_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    norm = tl.sqrt(tl.sum(x * x, axis=0))
    tl.store(y_ptr + row * stride + cols, x / norm, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        l2_normalize_kernel[(x.shape[0],)](x, y, x.shape[1], x.stride(0))
        return y
