import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def reduce_mid_kernel(x_ptr, out_ptr, outer, red, inner, BLOCK_R: tl.constexpr):
    pid = tl.program_id(0)
    o = pid // inner
    i = pid % inner
    r = tl.arange(0, BLOCK_R)
    x = tl.load(x_ptr + o * red * inner + r * inner + i, mask=r < red, other=0.0)
    tl.store(out_ptr + pid, tl.sum(x.to(tl.float32), axis=0))


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        dim = self.dim % x.dim()
        shape = list(x.shape)
        outer = 1
        for s in shape[:dim]:
            outer *= s
        inner = 1
        for s in shape[dim + 1:]:
            inner *= s
        red = shape[dim]
        out_shape = shape[:dim] + shape[dim + 1:]
        out = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        reduce_mid_kernel[(outer * inner,)](x, out, outer, red, inner, BLOCK_R=triton.next_power_of_2(red))
        return out
