import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_rows_scaled(X, S, Y, C, BLOCK_C: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK_C)
    m = c < C
    x = tl.load(X + r * C + c, mask=m, other=float("-inf")).to(tl.float32)
    e = tl.exp(x - tl.max(x, 0))
    p = e / tl.sum(e, 0)
    s = tl.load(S + c, mask=m, other=0.0)
    tl.store(Y + r * C + c, p * s, mask=m)


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(channels, 1, 1) + 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        N, C, H, W = x.shape
        x_nhwc = x.permute(0, 2, 3, 1).contiguous()
        y_nhwc = torch.empty_like(x_nhwc)
        softmax_rows_scaled[(N * H * W,)](x_nhwc, self.scale.view(-1), y_nhwc, C,
                                          BLOCK_C=triton.next_power_of_2(C))
        # back to NCHW layout (a permuted view, values identical)
        return y_nhwc.permute(0, 3, 1, 2)
