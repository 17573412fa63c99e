import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv2d_relu_bias_kernel(
    x_ptr, w_ptr, cb_ptr, eb_ptr, out_ptr,
    N, C_in, H, W, C_out, OH, OW,
    KS: tl.constexpr, BLOCK: tl.constexpr,
):
    pid_nc = tl.program_id(0)  # n * C_out + co
    pid_s = tl.program_id(1)
    n = pid_nc // C_out
    co = pid_nc % C_out
    offs = pid_s * BLOCK + tl.arange(0, BLOCK)
    mask = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for ci in range(C_in):
        for kh in tl.static_range(KS):
            for kw in tl.static_range(KS):
                xv = tl.load(x_ptr + ((n * C_in + ci) * H + oh + kh) * W + ow + kw, mask=mask, other=0.0)
                wv = tl.load(w_ptr + ((co * C_in + ci) * KS + kh) * KS + kw)
                acc += xv.to(tl.float32) * wv.to(tl.float32)
    acc += tl.load(cb_ptr + co).to(tl.float32)
    acc = tl.maximum(acc, 0.0)
    acc += tl.load(eb_ptr + co).to(tl.float32)
    tl.store(out_ptr + pid_nc * OH * OW + offs, acc.to(out_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    """Conv2d -> ReLU -> + bias, fused into one Triton kernel."""

    def __init__(self, in_channels, out_channels, kernel_size, bias_shape):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bias = nn.Parameter(torch.randn(bias_shape))

    def forward(self, x):
        x = x.contiguous()
        N, C_in, H, W = x.shape
        C_out = self.conv.out_channels
        KS = self.conv.kernel_size[0]
        OH, OW = H - KS + 1, W - KS + 1
        out = torch.empty(N, C_out, OH, OW, device=x.device, dtype=x.dtype)
        BLOCK = 128
        grid = (N * C_out, triton.cdiv(OH * OW, BLOCK))
        conv2d_relu_bias_kernel[grid](
            x, self.conv.weight, self.conv.bias, self.bias, out,
            N, C_in, H, W, C_out, OH, OW, KS=KS, BLOCK=BLOCK,
        )
        return out
