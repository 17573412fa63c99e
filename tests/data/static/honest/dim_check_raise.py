import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_fwd(X, Y, stride_xm, stride_ym, N, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK_N)
    x = tl.load(X + pid * stride_xm + offs, mask=offs < N, other=float("-inf"))
    x = x.to(tl.float32)
    z = x - tl.max(x, axis=0)
    num = tl.exp(z)
    den = tl.sum(num, axis=0)
    tl.store(Y + pid * stride_ym + offs, (num / den).to(Y.dtype.element_ty), mask=offs < N)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.dim() != 2:
            raise ValueError("ModelNew expects a 2D tensor")
        x2 = x.reshape(-1, x.shape[-1])
        M, N = x2.shape
        y = torch.empty_like(x2)
        softmax_fwd[(M,)](x2, y, x2.stride(0), y.stride(0), N, BLOCK_N=triton.next_power_of_2(N))
        return y.view(x.shape)
