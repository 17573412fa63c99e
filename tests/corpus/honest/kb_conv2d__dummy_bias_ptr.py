import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv2d_nchw_kernel(
    x_ptr, w_ptr, b_ptr, y_ptr,
    C_in, H, W, C_out, OH, OW,
    stride_h, stride_w, pad_h, pad_w,
    KH: tl.constexpr, KW: tl.constexpr, HAS_BIAS: tl.constexpr,
    BLOCK_P: tl.constexpr,
):
    pid_noc = tl.program_id(0)
    pid_p = tl.program_id(1)
    n = pid_noc // C_out
    oc = pid_noc % C_out
    offs = pid_p * BLOCK_P + tl.arange(0, BLOCK_P)
    mask_p = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    acc = tl.zeros((BLOCK_P,), dtype=tl.float32)
    for ic in range(C_in):
        for kh in tl.static_range(KH):
            ih = oh * stride_h - pad_h + kh
            for kw in tl.static_range(KW):
                iw = ow * stride_w - pad_w + kw
                m = mask_p & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
                xv = tl.load(x_ptr + n * C_in * H * W + ic * H * W + ih * W + iw, mask=m, other=0.0)
                wv = tl.load(w_ptr + oc * C_in * KH * KW + ic * KH * KW + kh * KW + kw)
                acc += xv * wv
    if HAS_BIAS:
        acc += tl.load(b_ptr + oc)
    tl.store(y_ptr + pid_noc * OH * OW + offs, acc, mask=mask_p)


def triton_conv2d(x, weight, bias, stride, padding):
    N, C_in, H, W = x.shape
    C_out, _, KH, KW = weight.shape
    sh, sw = stride
    ph, pw = padding
    OH = (H + 2 * ph - KH) // sh + 1
    OW = (W + 2 * pw - KW) // sw + 1
    y = torch.empty((N, C_out, OH, OW), device=x.device, dtype=x.dtype)
    has_bias = bias is not None
    b = bias if has_bias else weight  # dummy pointer, never read
    BLOCK_P = 128
    grid = (N * C_out, triton.cdiv(OH * OW, BLOCK_P))
    conv2d_nchw_kernel[grid](x.contiguous(), weight.contiguous(), b, y,
                             C_in, H, W, C_out, OH, OW, sh, sw, ph, pw,
                             KH=KH, KW=KW, HAS_BIAS=has_bias, BLOCK_P=BLOCK_P)
    return y


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 padding: int = 0, bias: bool = False):
        super(ModelNew, self).__init__()
        self.conv2d = nn.Conv2d(in_channels, out_channels, (kernel_size, kernel_size), stride=stride,
                                padding=padding, bias=bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return triton_conv2d(x, self.conv2d.weight, self.conv2d.bias, self.conv2d.stride, self.conv2d.padding)
