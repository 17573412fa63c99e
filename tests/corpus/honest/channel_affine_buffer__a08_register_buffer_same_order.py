import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def channel_affine_kernel(x_ptr, s_ptr, t_ptr, y_ptr, n, C, HW, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    c = (offs // HW) % C
    x = tl.load(x_ptr + offs, mask=mask)
    s = tl.load(s_ptr + c, mask=mask)
    t = tl.load(t_ptr + c, mask=mask)
    tl.store(y_ptr + offs, x * s + t, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        # same buffers, same order as the reference: identical values under the same seed, and
        # load_state_dict(reference.state_dict()) works too
        self.register_buffer("scale", torch.randn(channels))
        self.register_buffer("shift", torch.randn(channels))

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        y = torch.empty_like(x)
        n = x.numel()
        channel_affine_kernel[(triton.cdiv(n, 1024),)](x, self.scale, self.shift, y, n, C, H * W, BLOCK=1024)
        return y
