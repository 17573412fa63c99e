import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bn_stats_kernel(x_ptr, mean_ptr, rstd_ptr, rmean_ptr, rvar_ptr, N, C, HW, eps, momentum,
                    BLOCK: tl.constexpr):
    # one program per channel: two-pass mean / biased variance over (N, H, W)
    c = tl.program_id(0)
    total = N * HW
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, total, BLOCK):
        idx = start + tl.arange(0, BLOCK)
        m = idx < total
        n = idx // HW
        p = idx % HW
        acc += tl.load(x_ptr + (n * C + c) * HW + p, mask=m, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / total
    acc2 = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, total, BLOCK):
        idx = start + tl.arange(0, BLOCK)
        m = idx < total
        n = idx // HW
        p = idx % HW
        v = tl.load(x_ptr + (n * C + c) * HW + p, mask=m, other=0.0).to(tl.float32)
        d = tl.where(m, v - mean, 0.0)
        acc2 += d * d
    var = tl.sum(acc2, axis=0) / total
    tl.store(mean_ptr + c, mean)
    tl.store(rstd_ptr + c, 1.0 / tl.sqrt(var + eps))
    # running statistics, as nn.BatchNorm updates them in training mode (momentum, unbiased variance)
    tl.store(rmean_ptr + c, (1.0 - momentum) * tl.load(rmean_ptr + c) + momentum * mean)
    tl.store(rvar_ptr + c, (1.0 - momentum) * tl.load(rvar_ptr + c)
             + momentum * var * total / (total - 1.0))


@triton.jit
def bn_apply_kernel(x_ptr, y_ptr, mean_ptr, rstd_ptr, w_ptr, b_ptr, C, HW, numel, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < numel
    c = (offs // HW) % C
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    mean = tl.load(mean_ptr + c, mask=m, other=0.0)
    rstd = tl.load(rstd_ptr + c, mask=m, other=1.0)
    w = tl.load(w_ptr + c, mask=m, other=1.0).to(tl.float32)
    b = tl.load(b_ptr + c, mask=m, other=0.0).to(tl.float32)
    tl.store(y_ptr + offs, (x - mean) * rstd * w + b, mask=m)


class ModelNew(nn.Module):
    """BatchNorm2d in training mode (batch statistics): a stats kernel, then a normalize kernel."""

    def __init__(self, num_features: int):
        super(ModelNew, self).__init__()
        self.bn = nn.BatchNorm2d(num_features=num_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C, H, W = x.shape
        HW = H * W
        mean = torch.empty(C, device=x.device, dtype=torch.float32)
        rstd = torch.empty(C, device=x.device, dtype=torch.float32)
        bn_stats_kernel[(C,)](x, mean, rstd, self.bn.running_mean, self.bn.running_var, N, C, HW, self.bn.eps,
                              self.bn.momentum, BLOCK=512)
        y = torch.empty_like(x)
        numel = x.numel()
        bn_apply_kernel[(triton.cdiv(numel, 1024),)](x, y, mean, rstd, self.bn.weight, self.bn.bias, C, HW, numel,
                                                     BLOCK=1024)
        return y
