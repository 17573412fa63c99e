import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softplus(x):
    return tl.where(x > 20.0, x, tl.log(1.0 + tl.exp(x)))


@triton.jit
def mish(x):
    sp = softplus(x)
    # tanh via exp for numerical safety (sp >= 0)
    e = tl.exp(-2.0 * sp)
    return x * (1.0 - e) / (1.0 + e)


@triton.jit
def conv2d_mish_mish_kernel(
    x_ptr, w_ptr, b_ptr, y_ptr,
    C_in, H, W, C_out, OH, OW,
    KH: tl.constexpr, KW: tl.constexpr, BLOCK: tl.constexpr,
):
    pid_nc = tl.program_id(0)   # n * C_out + oc
    pid_p = tl.program_id(1)
    n = pid_nc // C_out
    oc = pid_nc % C_out
    offs = pid_p * BLOCK + tl.arange(0, BLOCK)
    mask = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for ic in range(0, C_in):
        for kh in tl.static_range(KH):
            for kw in tl.static_range(KW):
                ih = oh + kh
                iw = ow + kw
                xv = tl.load(x_ptr + ((n * C_in + ic) * H + ih) * W + iw, mask=mask, other=0.0)
                wv = tl.load(w_ptr + ((oc * C_in + ic) * KH + kh) * KW + kw)
                acc += xv * wv
    acc += tl.load(b_ptr + oc)
    acc = mish(mish(acc))
    tl.store(y_ptr + pid_nc * OH * OW + offs, acc, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        w = self.conv.weight.contiguous()
        OC, _, KH, KW = w.shape
        OH, OW = H - KH + 1, W - KW + 1
        y = torch.empty((N, OC, OH, OW), device=x.device, dtype=x.dtype)
        BLOCK = 128
        grid = (N * OC, triton.cdiv(OH * OW, BLOCK))
        conv2d_mish_mish_kernel[grid](x, w, self.conv.bias, y, C, H, W, OC, OH, OW,
                                      KH=KH, KW=KW, BLOCK=BLOCK)
        return y
