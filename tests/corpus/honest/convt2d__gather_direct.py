import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv_transpose2d_kernel(x_ptr, w_ptr, b_ptr, y_ptr,
                            B, C_IN, H, W, C_OUT, H_OUT, W_OUT,
                            STRIDE: tl.constexpr, PAD: tl.constexpr, KS: tl.constexpr,
                            BLOCK: tl.constexpr):
    # y[b, co, oh, ow] = bias[co] + sum_{ci,kh,kw} x[b, ci, ih, iw] * w[ci, co, kh, kw]
    # where oh = ih * STRIDE - PAD + kh
    pid_bc = tl.program_id(0)
    pid_s = tl.program_id(1)
    b = pid_bc // C_OUT
    co = pid_bc % C_OUT
    offs = pid_s * BLOCK + tl.arange(0, BLOCK)
    smask = offs < H_OUT * W_OUT
    oh = offs // W_OUT
    ow = offs % W_OUT
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for ci in range(0, C_IN):
        for kh in tl.static_range(KS):
            for kw in tl.static_range(KS):
                th = oh + PAD - kh
                tw = ow + PAD - kw
                ih = th // STRIDE
                iw = tw // STRIDE
                valid = (th >= 0) & (tw >= 0) & (th % STRIDE == 0) & (tw % STRIDE == 0) & (ih < H) & (iw < W) & smask
                xv = tl.load(x_ptr + ((b * C_IN + ci) * H + ih) * W + iw, mask=valid, other=0.0)
                wv = tl.load(w_ptr + ((ci * C_OUT + co) * KS + kh) * KS + kw)
                acc += xv * wv
    acc += tl.load(b_ptr + co)
    tl.store(y_ptr + (b * C_OUT + co) * H_OUT * W_OUT + offs, acc, mask=smask)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, output_padding):
        super().__init__()
        self.conv_transpose = nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=stride,
                                                 padding=padding, output_padding=output_padding)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ct = self.conv_transpose
        x = x.contiguous()
        B, C_IN, H, W = x.shape
        KS = ct.kernel_size[0]
        S = ct.stride[0]
        P = ct.padding[0]
        OP = ct.output_padding[0]
        H_OUT = (H - 1) * S - 2 * P + KS + OP
        W_OUT = (W - 1) * S - 2 * P + KS + OP
        C_OUT = ct.out_channels
        y = torch.empty((B, C_OUT, H_OUT, W_OUT), device=x.device, dtype=x.dtype)
        BLOCK = 128
        grid = (B * C_OUT, triton.cdiv(H_OUT * W_OUT, BLOCK))
        conv_transpose2d_kernel[grid](x, ct.weight, ct.bias, y, B, C_IN, H, W, C_OUT, H_OUT, W_OUT,
                                      STRIDE=S, PAD=P, KS=KS, BLOCK=BLOCK)
        return y
