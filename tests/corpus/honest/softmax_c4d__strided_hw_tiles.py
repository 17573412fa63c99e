import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def channel_softmax_scale_kernel(
    x_ptr, s_ptr, y_ptr, C, HW,
    stride_n, stride_c,
    BLOCK_C: tl.constexpr, BLOCK_HW: tl.constexpr,
):
    n = tl.program_id(0)
    pid_hw = tl.program_id(1)
    c = tl.arange(0, BLOCK_C)
    hw = pid_hw * BLOCK_HW + tl.arange(0, BLOCK_HW)
    mask = (c[:, None] < C) & (hw[None, :] < HW)
    offs = n * stride_n + c[:, None] * stride_c + hw[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=-float("inf")).to(tl.float32)
    x_max = tl.max(x, axis=0)
    e = tl.exp(x - x_max[None, :])
    e = tl.where(mask, e, 0.0)
    p = e / tl.sum(e, axis=0)[None, :]
    s = tl.load(s_ptr + c, mask=c < C, other=0.0).to(tl.float32)
    tl.store(y_ptr + offs, (p * s[:, None]).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.scale = nn.Parameter(torch.rand(channels, 1, 1) + 0.5)

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        HW = H * W
        y = torch.empty_like(x)
        BLOCK_C = triton.next_power_of_2(C)
        BLOCK_HW = 32
        grid = (N, triton.cdiv(HW, BLOCK_HW))
        channel_softmax_scale_kernel[grid](
            x, self.scale, y, C, HW, x.stride(0), x.stride(1),
            BLOCK_C=BLOCK_C, BLOCK_HW=BLOCK_HW,
        )
        return y
