import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rmsnorm_fwd(x_ptr, w_ptr, y_ptr, N, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < N
    x = tl.load(x_ptr + row * stride + cols, mask=m, other=0.0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=m, other=0.0).to(tl.float32)
    ms = tl.sum(x * x, axis=0) / N
    y = x * tl.math.rsqrt(ms + eps) * w
    tl.store(y_ptr + row * stride + cols, y.to(tl.bfloat16), mask=m)


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(hidden).to(torch.bfloat16))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shape = x.shape
        x2 = x.reshape(-1, shape[-1]).contiguous()
        y = torch.empty(x2.shape, device=x.device, dtype=torch.bfloat16)
        _rmsnorm_fwd[(x2.shape[0],)](x2, self.weight, y, x2.shape[1], x2.stride(0), self.eps,
                                     BLOCK=triton.next_power_of_2(x2.shape[1]))
        return y.reshape(shape)
