import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mean_dim_kernel(
    x_ptr, out_ptr,
    R, I,
    stride_b, stride_r, stride_i,
    BLOCK_R: tl.constexpr,
):
    pid = tl.program_id(0)
    b = pid // I
    i = pid % I
    offs = tl.arange(0, BLOCK_R)
    mask = offs < R
    x = tl.load(x_ptr + b * stride_b + offs * stride_r + i * stride_i, mask=mask, other=0.0)
    s = tl.sum(x.to(tl.float32), axis=0)
    tl.store(out_ptr + pid, s / R)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        assert x.dim() == 3 and self.dim == 1
        B, R, I = x.shape
        out = torch.empty((B, I), device=x.device, dtype=x.dtype)
        BLOCK_R = triton.next_power_of_2(R)
        mean_dim_kernel[(B * I,)](
            x, out, R, I,
            x.stride(0), x.stride(1), x.stride(2),
            BLOCK_R=BLOCK_R,
        )
        return out
