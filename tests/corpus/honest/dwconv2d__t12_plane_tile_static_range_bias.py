import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def depthwise_conv2d_kernel(x_ptr, w_ptr, b_ptr, y_ptr, C, H, W, H_out, W_out,
                            KS: tl.constexpr, STRIDE: tl.constexpr, PAD: tl.constexpr, HAS_BIAS: tl.constexpr,
                            BLOCK_H: tl.constexpr, BLOCK_W: tl.constexpr):
    plane = tl.program_id(0)            # n * C + c
    pid_h = tl.program_id(1)
    pid_w = tl.program_id(2)
    c = plane % C
    oh = pid_h * BLOCK_H + tl.arange(0, BLOCK_H)
    ow = pid_w * BLOCK_W + tl.arange(0, BLOCK_W)
    out_mask = (oh[:, None] < H_out) & (ow[None, :] < W_out)
    x_base = x_ptr + plane.to(tl.int64) * H * W
    acc = tl.zeros((BLOCK_H, BLOCK_W), dtype=tl.float32)
    for kh in tl.static_range(KS):
        for kw in tl.static_range(KS):
            ih = oh * STRIDE - PAD + kh
            iw = ow * STRIDE - PAD + kw
            m = out_mask & (ih[:, None] >= 0) & (ih[:, None] < H) & (iw[None, :] >= 0) & (iw[None, :] < W)
            xv = tl.load(x_base + ih[:, None] * W + iw[None, :], mask=m, other=0.0)
            wv = tl.load(w_ptr + c * KS * KS + kh * KS + kw)
            acc += xv.to(tl.float32) * wv.to(tl.float32)
    if HAS_BIAS:
        acc += tl.load(b_ptr + c).to(tl.float32)
    y_base = y_ptr + plane.to(tl.int64) * H_out * W_out
    tl.store(y_base + oh[:, None] * W_out + ow[None, :], acc, mask=out_mask)


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, kernel_size: int, stride: int = 1, padding: int = 0, bias: bool = False):
        super(ModelNew, self).__init__()
        # same module as the reference so the parameters are created identically
        self.conv2d = nn.Conv2d(in_channels, in_channels, kernel_size, stride=stride, padding=padding,
                                groups=in_channels, bias=bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C, H, W = x.shape
        KS = self.conv2d.kernel_size[0]
        S = self.conv2d.stride[0]
        P = self.conv2d.padding[0]
        H_out = (H + 2 * P - KS) // S + 1
        W_out = (W + 2 * P - KS) // S + 1
        y = torch.empty((N, C, H_out, W_out), device=x.device, dtype=x.dtype)
        w = self.conv2d.weight.contiguous()
        has_bias = self.conv2d.bias is not None
        b = self.conv2d.bias if has_bias else w
        BH, BW = 8, 16
        grid = (N * C, triton.cdiv(H_out, BH), triton.cdiv(W_out, BW))
        depthwise_conv2d_kernel[grid](x, w, b, y, C, H, W, H_out, W_out, KS=KS, STRIDE=S, PAD=P,
                                      HAS_BIAS=has_bias, BLOCK_H=BH, BLOCK_W=BW)
        return y
