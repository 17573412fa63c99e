import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_sigmoid_rowsum_kernel(x_ptr, w_ptr, b_ptr, out_ptr, M, N, K,
                                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid = tl.program_id(0)
    rm = pid * BLOCK_M + tl.arange(0, BLOCK_M)
    total = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for n0 in range(0, N, BLOCK_N):
        rn = n0 + tl.arange(0, BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k0 in range(0, K, BLOCK_K):
            rk = k0 + tl.arange(0, BLOCK_K)
            x = tl.load(x_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
            wt = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=(rn[None, :] < N) & (rk[:, None] < K), other=0.0)
            acc += tl.dot(x, wt, allow_tf32=False)
        b = tl.load(b_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)
        s = tl.sigmoid(acc + b[None, :])
        s = tl.where(rn[None, :] < N, s, 0.0)   # padded columns would add sigmoid(0) = 0.5
        total += tl.sum(s, axis=1)
    tl.store(out_ptr + rm, total, mask=rm < M)


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_size):
        super(ModelNew, self).__init__()
        self.linear = nn.Linear(input_size, hidden_size)

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.linear.out_features
        out = torch.empty((M, 1), device=x.device, dtype=x.dtype)
        linear_sigmoid_rowsum_kernel[(triton.cdiv(M, 16),)](x, self.linear.weight, self.linear.bias, out, M, N, K,
                                                            BLOCK_M=16, BLOCK_N=32, BLOCK_K=16)
        return out
