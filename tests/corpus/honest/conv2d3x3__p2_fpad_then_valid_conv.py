import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def conv2d_valid_kernel(x_ptr, w_ptr, y_ptr, C_in, HP, WP, C_out, OH, OW,
                        KH: tl.constexpr, KW: tl.constexpr, BLOCK: tl.constexpr):
    pid_nc = tl.program_id(0)
    pid_s = tl.program_id(1)
    n = pid_nc // C_out
    co = pid_nc % C_out
    offs = pid_s * BLOCK + tl.arange(0, BLOCK)
    mask = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for ci in range(C_in):
        for kh in tl.static_range(KH):
            for kw in tl.static_range(KW):
                xv = tl.load(x_ptr + ((n * C_in + ci) * HP + oh + kh) * WP + ow + kw, mask=mask, other=0.0)
                wv = tl.load(w_ptr + ((co * C_in + ci) * KH + kh) * KW + kw)
                acc += xv.to(tl.float32) * wv.to(tl.float32)
    tl.store(y_ptr + pid_nc * OH * OW + offs, acc.to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, padding):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=padding, bias=False)
        self.padding = padding

    def forward(self, x):
        p = self.padding
        xp = F.pad(x, (p, p, p, p)).contiguous()
        N, C, HP, WP = xp.shape
        w = self.conv.weight
        C_out, _, KH, KW = w.shape
        OH, OW = HP - KH + 1, WP - KW + 1
        y = torch.empty((N, C_out, OH, OW), device=x.device, dtype=x.dtype)
        BLOCK = 128
        conv2d_valid_kernel[(N * C_out, triton.cdiv(OH * OW, BLOCK))](xp, w, y, C, HP, WP, C_out, OH, OW,
                                                                     KH=KH, KW=KW, BLOCK=BLOCK)
        return y
