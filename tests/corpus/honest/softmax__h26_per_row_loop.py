import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_softmax(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    c = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + c, mask=c < N, other=-float("inf")).to(tl.float32)
    e = tl.exp(x - tl.max(x, 0))
    tl.store(y_ptr + c, e / tl.sum(e, 0), mask=c < N)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        B = triton.next_power_of_2(x.shape[1])
        for i in range(x.shape[0]):
            row_softmax[(1,)](x[i], y[i], x.shape[1], BLOCK=B)
        return y
