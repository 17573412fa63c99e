import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_rownorm_res_kernel(x_ptr, wt_ptr, b_ptr, y_ptr, o_ptr, K, N, s_wk, s_wn, eps,
                              BLOCK_K: tl.constexpr, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    n = tl.arange(0, BLOCK_N)
    nm = n < N
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k = k0 + tl.arange(0, BLOCK_K)
        km = k < K
        xv = tl.load(x_ptr + row * K + k, mask=km, other=0.0)
        wv = tl.load(wt_ptr + k[:, None] * s_wk + n[None, :] * s_wn, mask=km[:, None] & nm[None, :], other=0.0)
        acc += tl.sum(xv[:, None] * wv, axis=0)
    acc += tl.load(b_ptr + n, mask=nm, other=0.0)
    mean = tl.sum(tl.where(nm, acc, 0.0), axis=0) / N
    d = tl.where(nm, acc - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / N + eps)
    yv = tl.load(y_ptr + row * N + n, mask=nm, other=0.0)
    tl.store(o_ptr + row * N + n, (d * rstd + yv) * yv, mask=nm)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, eps=1e-5, momentum=0.1):
        super().__init__()
        self.bmm = nn.Linear(in_features, out_features)
        self.eps = eps

    def forward(self, x, y):
        B, K = x.shape
        wt = self.bmm.weight.T  # (K, N) strided view
        N = wt.shape[1]
        out = torch.empty_like(y)
        linear_rownorm_res_kernel[(B,)](x.contiguous(), wt, self.bmm.bias, y.contiguous(), out, K, N,
                                        wt.stride(0), wt.stride(1), self.eps,
                                        BLOCK_K=16, BLOCK_N=triton.next_power_of_2(N))
        return torch.squeeze(out.unsqueeze(1), 1)
