import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def softmax_rows_kernel(X, Y, stride_x, stride_y, N, BLOCK_N: tl.constexpr):
    r = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    x = tl.load(X + r * stride_x + cols, mask=cols < N, other=float("-inf"))
    z = x - tl.max(x, 0)
    num = tl.exp(z)
    den = tl.sum(num, 0)
    tl.store(Y + r * stride_y + cols, num / den, mask=cols < N)


class ModelNew(nn.Module):
    def __init__(self, p):
        super(ModelNew, self).__init__()
        self.p = p
        self.register_buffer("scale_buf", torch.tensor(1.0))

    def forward(self, x):
        assert x.dtype == torch.float32, "fp32 only"
        assert x.dim() == 2
        M, N = x.shape
        y = torch.empty(M, N, dtype=x.dtype, device=x.device)
        softmax_rows_kernel[(M, 1, 1)](x, y, x.stride(0), y.stride(0), N, BLOCK_N=triton.next_power_of_2(N))
        # reference applies dropout with training=False: identity, nothing to do
        return y
