import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_fwd_kernel(X, W, Y, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    x = tl.load(X + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    ms = tl.sum(x * x, axis=0) / N
    rstd = tl.rsqrt(ms + eps)
    w = tl.load(W + cols, mask=mask, other=0.0).to(tl.float32)
    y = x * rstd * w
    tl.store(Y + row * stride + cols, y.to(Y.dtype.element_ty), mask=mask)


class TritonRMSNorm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight, eps):
        shape = x.shape
        x2 = x.reshape(-1, shape[-1]).contiguous()
        y = torch.empty_like(x2)
        M, N = x2.shape
        BLOCK_SIZE = triton.next_power_of_2(N)
        rmsnorm_fwd_kernel[(M,)](x2, weight, y, x2.stride(0), N, eps, BLOCK_SIZE=BLOCK_SIZE)
        return y.view(shape)

    @staticmethod
    def backward(ctx, grad_out):
        raise NotImplementedError("inference only")


class ModelNew(nn.Module):
    """RMSNorm with a learned scale, forward in Triton."""

    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.randn(dim) * 0.1 + 1.0)

    def forward(self, x):
        return TritonRMSNorm.apply(x, self.weight, self.eps)
