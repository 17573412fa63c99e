import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv_act_stats_kernel(
    x_ptr, w_ptr, b_ptr, y_ptr, sum_ptr, sumsq_ptr,
    N, C_in, H, W, C_out, OH, OW,
    KS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):
    # implicit GEMM: rows = (n, oh, ow), cols = oc, reduction = (ic, kh, kw)
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    M = N * OH * OW
    Ktot = C_in * KS * KS
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    m_mask = rm < M
    n_mask = rn < C_out
    nb = rm // (OH * OW)
    pix = rm % (OH * OW)
    oh = pix // OW
    ow = pix % OW
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, Ktot, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        k_mask = rk < Ktot
        ic = rk // (KS * KS)
        kr = rk % (KS * KS)
        kh = kr // KS
        kw = kr % KS
        a_off = ((nb[:, None] * C_in + ic[None, :]) * H + (oh[:, None] + kh[None, :])) * W + (ow[:, None] + kw[None, :])
        a = tl.load(x_ptr + a_off, mask=m_mask[:, None] & k_mask[None, :], other=0.0)
        # weight (C_out, C_in, KS, KS) viewed as (C_out, Ktot)
        b = tl.load(w_ptr + rn[None, :] * Ktot + rk[:, None], mask=n_mask[None, :] & k_mask[:, None], other=0.0)
        acc += tl.dot(a, b, allow_tf32=False)
    acc += tl.load(b_ptr + rn, mask=n_mask, other=0.0)[None, :]
    # x * tanh(softplus(x))
    sp = tl.where(acc > 20.0, acc, tl.log(1.0 + tl.exp(acc)))
    t = 2.0 / (1.0 + tl.exp(-2.0 * sp)) - 1.0
    v = acc * t
    valid = m_mask[:, None] & n_mask[None, :]
    v = tl.where(valid, v, 0.0)
    y_off = (nb[:, None] * C_out + rn[None, :]) * (OH * OW) + pix[:, None]
    tl.store(y_ptr + y_off, v, mask=valid)
    tl.atomic_add(sum_ptr + rn, tl.sum(v, axis=0), mask=n_mask)
    tl.atomic_add(sumsq_ptr + rn, tl.sum(v * v, axis=0), mask=n_mask)


@triton.jit
def bn_apply_kernel(y_ptr, out_ptr, sum_ptr, sumsq_ptr, gamma_ptr, beta_ptr,
                    total, C, HW, count, eps, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    c = (offs // HW) % C
    v = tl.load(y_ptr + offs, mask=mask, other=0.0)
    s = tl.load(sum_ptr + c, mask=mask, other=0.0)
    sq = tl.load(sumsq_ptr + c, mask=mask, other=0.0)
    mean = s / count
    var = sq / count - mean * mean
    var = tl.maximum(var, 0.0)
    g = tl.load(gamma_ptr + c, mask=mask, other=1.0)
    b = tl.load(beta_ptr + c, mask=mask, other=0.0)
    out = (v - mean) / tl.sqrt(var + eps) * g + b
    tl.store(out_ptr + offs, out, mask=mask)


@triton.jit
def running_stats_kernel(sum_ptr, sumsq_ptr, rmean_ptr, rvar_ptr, C, count, momentum, BLOCK: tl.constexpr):
    c = tl.arange(0, BLOCK)
    m = c < C
    mean = tl.load(sum_ptr + c, mask=m, other=0.0) / count
    var = tl.maximum(tl.load(sumsq_ptr + c, mask=m, other=0.0) / count - mean * mean, 0.0)
    # running statistics, as nn.BatchNorm updates them in training mode (momentum, unbiased variance)
    tl.store(rmean_ptr + c, (1.0 - momentum) * tl.load(rmean_ptr + c, mask=m, other=0.0) + momentum * mean, mask=m)
    tl.store(rvar_ptr + c, (1.0 - momentum) * tl.load(rvar_ptr + c, mask=m, other=0.0)
             + momentum * var * count / (count - 1.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, eps=1e-5, momentum=0.1):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bn = nn.BatchNorm2d(out_channels, eps=eps, momentum=momentum)

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        OC = self.conv.out_channels
        KS = self.conv.kernel_size[0]
        OH, OW = H - KS + 1, W - KS + 1
        y = torch.empty((N, OC, OH, OW), device=x.device, dtype=torch.float32)
        sums = torch.zeros(OC, device=x.device, dtype=torch.float32)
        sumsq = torch.zeros(OC, device=x.device, dtype=torch.float32)
        M = N * OH * OW
        BLOCK_M, BLOCK_N, BLOCK_K = 32, 16, 16
        conv_act_stats_kernel[(triton.cdiv(M, BLOCK_M), triton.cdiv(OC, BLOCK_N))](
            x, self.conv.weight, self.conv.bias, y, sums, sumsq,
            N, C, H, W, OC, OH, OW, KS=KS, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K)
        out = torch.empty_like(y)
        total = y.numel()
        BLOCK = 512
        bn_apply_kernel[(triton.cdiv(total, BLOCK),)](
            y, out, sums, sumsq, self.bn.weight, self.bn.bias,
            total, OC, OH * OW, float(M), self.bn.eps, BLOCK=BLOCK)
        running_stats_kernel[(1,)](sums, sumsq, self.bn.running_mean, self.bn.running_var, OC, float(M),
                                   self.bn.momentum, BLOCK=triton.next_power_of_2(OC))
        return out
