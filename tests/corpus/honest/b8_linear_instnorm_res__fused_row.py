import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def fused_linear_instnorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, out_ptr, K, N, eps,
                                 BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    row = tl.program_id(0)
    offs_n = tl.arange(0, BLOCK_N)
    nmask = offs_n < N
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        offs_k = k0 + tl.arange(0, BLOCK_K)
        kmask = offs_k < K
        xv = tl.load(x_ptr + row * K + offs_k, mask=kmask, other=0.0)
        wv = tl.load(w_ptr + offs_n[:, None] * K + offs_k[None, :], mask=nmask[:, None] & kmask[None, :], other=0.0)
        acc += tl.sum(wv * xv[None, :], axis=1)
    acc += tl.load(b_ptr + offs_n, mask=nmask, other=0.0)
    mean = tl.sum(tl.where(nmask, acc, 0.0), axis=0) / N
    diff = tl.where(nmask, acc - mean, 0.0)
    var = tl.sum(diff * diff, axis=0) / N
    normed = diff * tl.rsqrt(var + eps)
    yv = tl.load(y_ptr + row * N + offs_n, mask=nmask, other=0.0)
    res = (normed + yv) * yv
    tl.store(out_ptr + row * N + offs_n, res, mask=nmask)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, eps=1e-5, momentum=0.1):
        super(ModelNew, self).__init__()
        self.bmm = nn.Linear(in_features, out_features)
        self.instance_norm = nn.InstanceNorm2d(out_features, eps=eps, momentum=momentum)
        self.eps = eps

    def forward(self, x, y):
        x = x.contiguous()
        y = y.contiguous()
        B, K = x.shape
        N = self.bmm.weight.shape[0]
        out = torch.empty((B, N), dtype=torch.float32, device=x.device)
        BLOCK_N = triton.next_power_of_2(N)
        fused_linear_instnorm_kernel[(B,)](x, self.bmm.weight, self.bmm.bias, y, out, K, N, self.instance_norm.eps,
                                           BLOCK_N=BLOCK_N, BLOCK_K=32)
        return out
