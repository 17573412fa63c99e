import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def convt2d_kernel(x_ptr, w_ptr, b_ptr, y_ptr, C_in, H, W, C_out, OH, OW,
                   STRIDE: tl.constexpr, PAD: tl.constexpr, KS: tl.constexpr, BLOCK: tl.constexpr):
    pid_nc = tl.program_id(0)
    pid = tl.program_id(1)
    n = pid_nc // C_out
    oc = pid_nc % C_out
    offs = pid * BLOCK + tl.arange(0, BLOCK)
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
                ok = (th >= 0) & (tw >= 0) & (th % STRIDE == 0) & (tw % STRIDE == 0) & (ih < H) & (iw < W)
                xv = tl.load(x_ptr + ((n * C_in + ic) * H + ih) * W + iw, mask=mask & ok, other=0.0)
                wv = tl.load(w_ptr + ((ic * C_out + oc) * KS + kh) * KS + kw)
                acc += xv * wv
    acc += tl.load(b_ptr + oc)
    tl.store(y_ptr + pid_nc * OH * OW + offs, acc, mask=mask)


@triton.jit
def bn_tanh_kernel(y_ptr, out_ptr, gamma_ptr, beta_ptr, rm_ptr, rv_ptr,
                   N, C, HW, eps, momentum, TRAINING: tl.constexpr, BLOCK: tl.constexpr):
    c = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    total = N * HW
    mask = offs < total
    n = offs // HW
    p = offs % HW
    idx = (n * C + c) * HW + p
    v = tl.load(y_ptr + idx, mask=mask, other=0.0)
    if TRAINING:
        mean = tl.sum(v, axis=0) / total
        d = tl.where(mask, v - mean, 0.0)
        var = tl.sum(d * d, axis=0) / total
        old_m = tl.load(rm_ptr + c)
        old_v = tl.load(rv_ptr + c)
        tl.store(rm_ptr + c, old_m * (1 - momentum) + mean * momentum)
        tl.store(rv_ptr + c, old_v * (1 - momentum) + var * (total / (total - 1.0)) * momentum)
    else:
        mean = tl.load(rm_ptr + c)
        var = tl.load(rv_ptr + c)
    xh = (v - mean) * tl.rsqrt(var + eps)
    xh = xh * tl.load(gamma_ptr + c) + tl.load(beta_ptr + c)
    t = 2.0 * tl.sigmoid(2.0 * xh) - 1.0  # tanh
    tl.store(out_ptr + idx, t, mask=mask)


@triton.jit
def maxpool_groupnorm_kernel(x_ptr, out_ptr, gamma_ptr, beta_ptr, C, H, W, G, eps,
                             BLOCK: tl.constexpr):
    pid = tl.program_id(0)  # n*G + g
    n = pid // G
    g = pid % G
    cpg = C // G
    PH = H // 2
    PW = W // 2
    numel = cpg * PH * PW
    offs = tl.arange(0, BLOCK)
    mask = offs < numel
    cl = offs // (PH * PW)
    r = offs % (PH * PW)
    ph = r // PW
    pw = r % PW
    c = g * cpg + cl
    base = (n * C + c) * H * W
    v00 = tl.load(x_ptr + base + (2 * ph) * W + 2 * pw, mask=mask, other=0.0)
    v01 = tl.load(x_ptr + base + (2 * ph) * W + 2 * pw + 1, mask=mask, other=0.0)
    v10 = tl.load(x_ptr + base + (2 * ph + 1) * W + 2 * pw, mask=mask, other=0.0)
    v11 = tl.load(x_ptr + base + (2 * ph + 1) * W + 2 * pw + 1, mask=mask, other=0.0)
    m = tl.maximum(tl.maximum(v00, v01), tl.maximum(v10, v11))
    mean = tl.sum(tl.where(mask, m, 0.0), axis=0) / numel
    d = tl.where(mask, m - mean, 0.0)
    var = tl.sum(d * d, axis=0) / numel
    y = d / tl.sqrt(var + eps)
    y = y * tl.load(gamma_ptr + c, mask=mask, other=1.0) + tl.load(beta_ptr + c, mask=mask, other=0.0)
    tl.store(out_ptr + (n * C + c) * PH * PW + r, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, groups, num_groups):
        super(ModelNew, self).__init__()
        self.conv_transpose = nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=stride, padding=padding)
        self.batch_norm = nn.BatchNorm2d(out_channels)
        self.group_norm = nn.GroupNorm(num_groups=num_groups, num_channels=out_channels)

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        ct = self.conv_transpose
        KS, S, P = ct.kernel_size[0], ct.stride[0], ct.padding[0]
        OC = ct.out_channels
        OH = (H - 1) * S - 2 * P + KS
        OW = (W - 1) * S - 2 * P + KS
        y = torch.empty((N, OC, OH, OW), device=x.device, dtype=torch.float32)
        BLOCK = 64
        convt2d_kernel[(N * OC, triton.cdiv(OH * OW, BLOCK))](
            x, ct.weight, ct.bias, y, C, H, W, OC, OH, OW, STRIDE=S, PAD=P, KS=KS, BLOCK=BLOCK)

        bn = self.batch_norm
        training = bn.training
        if training:
            bn.num_batches_tracked += 1
        z = torch.empty_like(y)
        bn_tanh_kernel[(OC,)](y, z, bn.weight, bn.bias, bn.running_mean, bn.running_var,
                              N, OC, OH * OW, bn.eps, bn.momentum,
                              TRAINING=training, BLOCK=triton.next_power_of_2(N * OH * OW))

        gn = self.group_norm
        G = gn.num_groups
        PH, PW = OH // 2, OW // 2
        out = torch.empty((N, OC, PH, PW), device=x.device, dtype=torch.float32)
        maxpool_groupnorm_kernel[(N * G,)](z, out, gn.weight, gn.bias, OC, OH, OW, G, gn.eps,
                                           BLOCK=triton.next_power_of_2((OC // G) * PH * PW))
        return out
