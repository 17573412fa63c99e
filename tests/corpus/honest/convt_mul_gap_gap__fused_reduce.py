import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def convt_mul_mean_kernel(x_ptr, w_ptr, b_ptr, out_ptr, C_in, H, W, C_out, OH, OW, multiplier,
                          STRIDE: tl.constexpr, PAD: tl.constexpr, KS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)  # n * C_out + oc
    n = pid // C_out
    oc = pid % C_out
    total = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, OH * OW, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < OH * OW
        oh = offs // OW
        ow = offs % OW
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for ic in range(C_in):
            for kh in tl.static_range(KS):
                for kw in tl.static_range(KS):
                    th = oh + PAD - kh
                    tw = ow + PAD - kw
                    ih = th // STRIDE
                    iw = tw // STRIDE
                    ok = mask & (th >= 0) & (tw >= 0) & (th % STRIDE == 0) & (tw % STRIDE == 0) & (ih < H) & (iw < W)
                    xv = tl.load(x_ptr + ((n * C_in + ic) * H + ih) * W + iw, mask=ok, other=0.0)
                    acc += xv * tl.load(w_ptr + ((ic * C_out + oc) * KS + kh) * KS + kw)
        acc = (acc + tl.load(b_ptr + oc)) * multiplier
        total += tl.where(mask, acc, 0.0)
    mean = tl.sum(total, axis=0) / (OH * OW)
    # second global average pool over a 1x1 map is the identity
    tl.store(out_ptr + pid, mean)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, output_padding, multiplier):
        super(ModelNew, self).__init__()
        self.conv_transpose = nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=stride,
                                                 padding=padding, output_padding=output_padding)
        self.multiplier = multiplier

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        ct = self.conv_transpose
        KS, S, P, OP = ct.kernel_size[0], ct.stride[0], ct.padding[0], ct.output_padding[0]
        OC = ct.out_channels
        OH = (H - 1) * S - 2 * P + KS + OP
        OW = (W - 1) * S - 2 * P + KS + OP
        out = torch.empty((N, OC, 1, 1), device=x.device, dtype=torch.float32)
        convt_mul_mean_kernel[(N * OC,)](x, ct.weight, ct.bias, out, C, H, W, OC, OH, OW, float(self.multiplier),
                                         STRIDE=S, PAD=P, KS=KS, BLOCK=128)
        return out
