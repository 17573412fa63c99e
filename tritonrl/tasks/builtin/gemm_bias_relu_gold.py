import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gemm_bias_relu_kernel(x_ptr, w_ptr, bias_ptr, out_ptr, M, N, K,
                   stride_xm, stride_xk, stride_wn, stride_wk, stride_om, stride_on,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # tile of x @ W^T (W is nn.Linear's [out, in] weight, read through its strides), fp32 accumulator,
    # then the whole elementwise epilogue on the tile before one store
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        k = k0 + offs_k
        x = tl.load(x_ptr + offs_m[:, None] * stride_xm + k[None, :] * stride_xk,
                    mask=(offs_m[:, None] < M) & (k[None, :] < K), other=0.0)
        w = tl.load(w_ptr + k[:, None] * stride_wk + offs_n[None, :] * stride_wn,
                    mask=(k[:, None] < K) & (offs_n[None, :] < N), other=0.0)
        acc += tl.dot(x, w, input_precision="ieee")  # fp32 tasks: no TF32 downgrade (torch's reference matmul uses none)
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0).to(tl.float32)
    y = acc + bias[None, :]
    out_mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    y = tl.maximum(y, 0.0)
    tl.store(out_ptr + offs_m[:, None] * stride_om + offs_n[None, :] * stride_on,
             y.to(out_ptr.dtype.element_ty), mask=out_mask)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)  # same parameters as the reference; only read

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        weight, bias = self.linear.weight, self.linear.bias
        K = x.shape[-1]
        N = weight.shape[0]
        x2 = x.reshape(-1, K)
        M = x2.shape[0]
        out = torch.empty((M, N), dtype=x.dtype, device=x.device)
        if x.is_cuda:  # tensor-core sized tiles
            BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages = 128, 128, 32, 8, 3
        else:  # the interpreter: small tiles keep CPU runs fast (tl.dot needs >= 16)
            BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages = 32, 32, 32, 4, 1
        grid = (triton.cdiv(M, BLOCK_M), triton.cdiv(N, BLOCK_N))
        gemm_bias_relu_kernel[grid](x2, weight, bias, out, M, N, K,
                             x2.stride(0), x2.stride(1), weight.stride(0), weight.stride(1),
                             out.stride(0), out.stride(1),
                             BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K,
                             num_warps=num_warps, num_stages=num_stages)
        return out.reshape(*x.shape[:-1], N)
