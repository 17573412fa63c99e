import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def linear_act_kernel(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K, scale,
                      HAS_BIAS: tl.constexpr, ACT: tl.constexpr,
                      BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        rk = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(x_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=(rn[None, :] < N) & (rk[:, None] < K), other=0.0)
        acc += tl.dot(tl.cast(a, tl.float32), w, input_precision="ieee")
    if HAS_BIAS:
        acc += tl.load(b_ptr + rn, mask=rn < N, other=0.0)[None, :]
    if ACT == "gelu":
        acc = 0.5 * acc * (1.0 + libdevice.erf(acc * 0.7071067811865476))
    acc = acc * scale
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, dropout_p, scale):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.dropout_p = dropout_p
        self.scale = scale

    def forward(self, x):
        if self.training and self.dropout_p > 0:
            raise NotImplementedError("training-mode dropout not implemented")
        M, K = x.shape
        N = self.linear.out_features
        y = torch.empty((M, N), device=x.device, dtype=torch.float32)
        bias = self.linear.bias
        linear_act_kernel[(triton.cdiv(M, 16), triton.cdiv(N, 32))](
            x.contiguous(), self.linear.weight, bias if bias is not None else None, y, M, N, K, self.scale,
            HAS_BIAS=bias is not None, ACT="gelu", BLOCK_M=16, BLOCK_N=32, BLOCK_K=16)
        return y
