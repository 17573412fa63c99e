import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv_gemm_kernel(x_ptr, wt_ptr, b_ptr, y_ptr, N, C_in, H, W, C_out, OH, OW,
                     KS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    M = N * OH * OW
    KT = C_in * KS * KS
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    nb = rm // (OH * OW)
    pix = rm % (OH * OW)
    oh = pix // OW
    ow = pix % OW
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, KT, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        ic = rk // (KS * KS)
        kh = (rk // KS) % KS
        kw = rk % KS
        a = tl.load(x_ptr + ((nb[:, None] * C_in + ic[None, :]) * H + oh[:, None] + kh[None, :]) * W + ow[:, None] + kw[None, :],
                    mask=(rm[:, None] < M) & (rk[None, :] < KT), other=0.0)
        # pre-transposed weight: (KT, C_out), row-major
        b = tl.load(wt_ptr + rk[:, None] * C_out + rn[None, :],
                    mask=(rk[:, None] < KT) & (rn[None, :] < C_out), other=0.0)
        acc += tl.dot(a, b, allow_tf32=False)
    acc += tl.load(b_ptr + rn, mask=rn < C_out, other=0.0)[None, :]
    tl.store(y_ptr + (nb[:, None] * C_out + rn[None, :]) * (OH * OW) + pix[:, None], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < C_out))


@triton.jit
def channel_stats_kernel(y_ptr, mean_ptr, rstd_ptr, rmean_ptr, rvar_ptr, N, C, HW, eps, momentum,
                         BLOCK: tl.constexpr):
    c = tl.program_id(0)
    s = tl.zeros((BLOCK,), dtype=tl.float32)
    ss = tl.zeros((BLOCK,), dtype=tl.float32)
    total = N * HW
    for start in range(0, total, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        mask = offs < total
        v = tl.load(y_ptr + ((offs // HW) * C + c) * HW + offs % HW, mask=mask, other=0.0)
        s += v
        ss += v * v
    mean = tl.sum(s, axis=0) / total
    var = tl.sum(ss, axis=0) / total - mean * mean
    tl.store(mean_ptr + c, mean)
    tl.store(rstd_ptr + c, 1.0 / tl.sqrt(var + eps))
    # running statistics, as nn.BatchNorm updates them in training mode (momentum, unbiased variance)
    tl.store(rmean_ptr + c, (1.0 - momentum) * tl.load(rmean_ptr + c) + momentum * mean)
    tl.store(rvar_ptr + c, (1.0 - momentum) * tl.load(rvar_ptr + c)
             + momentum * var * total / (total - 1.0))


@triton.jit
def bn_scale_kernel(y_ptr, out_ptr, mean_ptr, rstd_ptr, g_ptr, b_ptr, total, C, HW, scale,
                    BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    c = (offs // HW) % C
    v = tl.load(y_ptr + offs, mask=mask)
    mu = tl.load(mean_ptr + c, mask=mask)
    rs = tl.load(rstd_ptr + c, mask=mask)
    g = tl.load(g_ptr + c, mask=mask)
    b = tl.load(b_ptr + c, mask=mask)
    tl.store(out_ptr + offs, ((v - mu) * rs * g + b) * scale, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, scaling_factor):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bn = nn.BatchNorm2d(out_channels)
        self.scaling_factor = scaling_factor
        # (C_in*K*K, C_out) copy of the conv weight for coalesced GEMM loads
        self.register_buffer("w_t", self.conv.weight.detach().reshape(out_channels, -1).t().contiguous())

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        OC = self.conv.out_channels
        KS = self.conv.kernel_size[0]
        OH, OW = H - KS + 1, W - KS + 1
        y = torch.empty((N, OC, OH, OW), device=x.device, dtype=torch.float32)
        M = N * OH * OW
        conv_gemm_kernel[(triton.cdiv(M, 32), triton.cdiv(OC, 16))](
            x, self.w_t, self.conv.bias, y, N, C, H, W, OC, OH, OW,
            KS=KS, BLOCK_M=32, BLOCK_N=16, BLOCK_K=16)
        mean = torch.empty(OC, device=x.device, dtype=torch.float32)
        rstd = torch.empty(OC, device=x.device, dtype=torch.float32)
        channel_stats_kernel[(OC,)](y, mean, rstd, self.bn.running_mean, self.bn.running_var, N, OC, OH * OW,
                                    self.bn.eps, self.bn.momentum, BLOCK=128)
        out = torch.empty_like(y)
        total = y.numel()
        bn_scale_kernel[(triton.cdiv(total, 1024),)](y, out, mean, rstd, self.bn.weight, self.bn.bias,
                                                     total, OC, OH * OW, float(self.scaling_factor), BLOCK=1024)
        return out
