import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rms_norm_fwd(X, W, Y, stride_x, stride_y, N, eps, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    mask = cols < N
    x = tl.load(X + row * stride_x + cols, mask=mask, other=0.0).to(tl.float32)
    var = tl.sum(x * x, axis=0) / N
    rstd = 1.0 / tl.sqrt(var + eps)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    tl.store(Y + row * stride_y + cols, (x * rstd * w).to(Y.dtype.element_ty), mask=mask)


class RMSNormFunction(torch.autograd.Function):
    @staticmethod
    @torch.amp.custom_fwd(device_type="cuda")
    def forward(ctx, x, weight, eps):
        x_arg = x.reshape(-1, x.shape[-1])
        M, N = x_arg.shape
        y = torch.empty_like(x_arg)
        _rms_norm_fwd[(M,)](x_arg, weight, y, x_arg.stride(0), y.stride(0), N, eps,
                            BLOCK_N=triton.next_power_of_2(N), num_warps=4)
        ctx.eps = eps
        return y.reshape(x.shape)


class ModelNew(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.randn(dim) * 0.1 + 1.0)

    def forward(self, x):
        return RMSNormFunction.apply(x, self.weight, self.eps)
