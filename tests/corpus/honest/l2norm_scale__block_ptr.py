import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def l2norm_scale_kernel(x_ptr, g_ptr, y_ptr, M, N, stride_m, eps,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid = tl.program_id(0)
    x_block = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(stride_m, 1),
                                offsets=(pid * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    y_block = tl.make_block_ptr(base=y_ptr, shape=(M, N), strides=(N, 1),
                                offsets=(pid * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    x = tl.load(x_block, boundary_check=(0, 1), padding_option="zero").to(tl.float32)
    norm = tl.sqrt(tl.sum(x * x, axis=1))
    denom = tl.maximum(norm, eps)
    cols = tl.arange(0, BLOCK_N)
    g = tl.load(g_ptr + cols, mask=cols < N, other=0.0).to(tl.float32)
    y = x / denom[:, None] * g[None, :]
    tl.store(y_block, y.to(y_ptr.dtype.element_ty), boundary_check=(0, 1))


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.g = nn.Parameter(torch.randn(dim) * 0.2 + 1.0)

    def forward(self, x):
        M, N = x.shape
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        BLOCK_M = 8
        l2norm_scale_kernel[(triton.cdiv(M, BLOCK_M),)](
            x, self.g, y, M, N, x.stride(0), 1e-12,
            BLOCK_M=BLOCK_M, BLOCK_N=triton.next_power_of_2(N),
        )
        return y
