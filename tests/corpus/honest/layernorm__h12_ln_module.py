import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def layernorm_kernel(X, Y, W, B, stride, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    X += row * stride
    Y += row * stride
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    x = tl.load(X + cols, mask=mask, other=0.).to(tl.float32)
    mean = tl.sum(x, axis=0) / N
    xc = tl.where(mask, x - mean, 0.)
    var = tl.sum(xc * xc, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    w = tl.load(W + cols, mask=mask)
    b = tl.load(B + cols, mask=mask)
    y = xc * rstd * w + b
    tl.store(Y + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.ln = nn.LayerNorm(hidden)

    def forward(self, x):
        x_arg = x.reshape(-1, x.shape[-1])
        M, N = x_arg.shape
        y = torch.empty_like(x_arg)
        BLOCK_SIZE = triton.next_power_of_2(N)
        layernorm_kernel[(M,)](x_arg, y, self.ln.weight, self.ln.bias, x_arg.stride(0), N, self.ln.eps,
                               BLOCK_SIZE=BLOCK_SIZE, num_warps=4)
        return y.view_as(x)
