import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def reduce_max_kernel(x_ptr, out_ptr, R, I, BLOCK_R: tl.constexpr):
    # x viewed as [O, R, I]; one program per (o, i)
    pid = tl.program_id(0)
    o = pid // I
    i = pid % I
    r = tl.arange(0, BLOCK_R)
    v = tl.load(x_ptr + o * R * I + r * I + i, mask=r < R, other=-float('inf'))
    tl.store(out_ptr + pid, tl.max(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        dim = self.dim % x.dim()
        out_shape = x.shape[:dim] + x.shape[dim + 1:]
        R = x.shape[dim]
        I = 1
        for s in x.shape[dim + 1:]:
            I *= s
        O = x.numel() // (R * I)
        out = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        reduce_max_kernel[(O * I,)](x, out, R, I, BLOCK_R=triton.next_power_of_2(R))
        return out
