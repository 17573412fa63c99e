import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def linear_min_sub_kernel(x_ptr, w_ptr, b_ptr, c_ptr, out_ptr, M, N, K,
                          BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = k0 + rk
        x = tl.load(x_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + kk[:, None], mask=(rn[None, :] < N) & (kk[:, None] < K), other=0.0)
        acc += tl.dot(x, w, input_precision="ieee")
    bias = tl.load(b_ptr + rn, mask=rn < N, other=0.0).to(tl.float32)
    const = tl.load(c_ptr).to(tl.float32)
    y = acc + bias[None, :]
    y = tl.minimum(y, const) - const
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], y, mask=(rm[:, None] < M) & (rn[None, :] < N))


class LinearMinSub(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight, bias, constant):
        x = x.contiguous()
        M, K = x.shape
        N = weight.shape[0]
        out = torch.empty((M, N), device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
        linear_min_sub_kernel[grid](x, weight, bias, constant, out, M, N, K, BLOCK_M=16, BLOCK_N=16, BLOCK_K=16)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        raise NotImplementedError("inference-only kernel")


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, constant):
        super(ModelNew, self).__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.constant = nn.Parameter(torch.tensor(constant))

    def forward(self, x):
        return LinearMinSub.apply(x, self.linear.weight, self.linear.bias, self.constant)
