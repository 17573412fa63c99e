import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv_sig_groupnorm_kernel(
    x_ptr, w_ptr, cb_ptr, bias_ptr, scale_ptr, gamma_ptr, beta_ptr, out_ptr,
    C_in, H, W, C_out, OH, OW, G, eps,
    KS: tl.constexpr, CPG: tl.constexpr, BLOCK_P: tl.constexpr,
):
    # one program = one (sample, group): computes the conv for the CPG channels of
    # the group over the whole image, then normalizes in registers.
    pid = tl.program_id(0)
    n = pid // G
    g = pid % G
    c = g * CPG + tl.arange(0, CPG)
    p = tl.arange(0, BLOCK_P)
    pm = p < OH * OW
    oh = p // OW
    ow = p % OW
    acc = tl.zeros((CPG, BLOCK_P), dtype=tl.float32)
    for ic in range(C_in):
        for kh in tl.static_range(KS):
            for kw in tl.static_range(KS):
                xv = tl.load(x_ptr + ((n * C_in + ic) * H + oh + kh) * W + ow + kw, mask=pm, other=0.0)
                wv = tl.load(w_ptr + ((c * C_in + ic) * KS + kh) * KS + kw)
                acc += wv[:, None] * xv[None, :]
    acc = acc + tl.load(cb_ptr + c)[:, None] + tl.load(bias_ptr + c)[:, None]
    acc = acc * tl.load(scale_ptr + c)[:, None]
    acc = 1.0 / (1.0 + tl.exp(-acc))
    cnt = CPG * OH * OW
    accm = tl.where(pm[None, :], acc, 0.0)
    mean = tl.sum(tl.sum(accm, axis=1), axis=0) / cnt
    d = tl.where(pm[None, :], acc - mean, 0.0)
    var = tl.sum(tl.sum(d * d, axis=1), axis=0) / cnt
    y = d * tl.rsqrt(var + eps)
    y = y * tl.load(gamma_ptr + c)[:, None] + tl.load(beta_ptr + c)[:, None]
    tl.store(out_ptr + (n * C_out + c[:, None]) * OH * OW + p[None, :], y, mask=pm[None, :])


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, num_groups, bias_shape, scale_shape):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bias = nn.Parameter(torch.randn(bias_shape))
        self.scale = nn.Parameter(torch.randn(scale_shape))
        self.group_norm = nn.GroupNorm(num_groups, out_channels)

    def forward(self, x):
        N, C, H, W = x.shape
        OC = self.conv.out_channels
        KS = self.conv.kernel_size[0]
        OH, OW = H - KS + 1, W - KS + 1
        G = self.group_norm.num_groups
        out = torch.empty(N, OC, OH, OW, device=x.device, dtype=x.dtype)
        conv_sig_groupnorm_kernel[(N * G,)](
            x.contiguous(), self.conv.weight, self.conv.bias, self.bias.view(-1), self.scale.flatten(),
            self.group_norm.weight, self.group_norm.bias, out,
            C, H, W, OC, OH, OW, G, self.group_norm.eps,
            KS=KS, CPG=OC // G, BLOCK_P=triton.next_power_of_2(OH * OW))
        return out
