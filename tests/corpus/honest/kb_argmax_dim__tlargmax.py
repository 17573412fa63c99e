import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def argmax_kernel(x_ptr, out_ptr, R, I, BLOCK_R: tl.constexpr):
    pid = tl.program_id(0)
    b = pid // I
    i = pid % I
    r = tl.arange(0, BLOCK_R)
    mask = r < R
    vals = tl.load(x_ptr + b * R * I + r * I + i, mask=mask, other=-float("inf"))
    idx = tl.argmax(vals, axis=0)
    tl.store(out_ptr + pid, idx.to(tl.int64))


class ModelNew(nn.Module):
    """Argmax over dim with a Triton kernel (one program per output element)."""

    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, R, I = x.shape
        out = torch.empty((B, I), dtype=torch.int64, device=x.device)
        argmax_kernel[(B * I,)](x, out, R, I, BLOCK_R=triton.next_power_of_2(R))
        return out
