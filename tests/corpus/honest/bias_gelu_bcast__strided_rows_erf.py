import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bias_gelu_kernel(x_ptr, b_ptr, o_ptr, M, N, sxm, sxn, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    m = cols < N
    x = tl.load(x_ptr + row * sxm + cols * sxn, mask=m, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + cols, mask=m, other=0.0).to(tl.float32)
    v = x + b
    y = 0.5 * v * (1.0 + tl.math.erf(v * 0.7071067811865476))
    tl.store(o_ptr + row * N + cols, y.to(o_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def forward(self, x, b):
        M, N = x.shape
        out = torch.empty((M, N), device=x.device, dtype=x.dtype)  # x is an expanded view
        bias_gelu_kernel[(M,)](x, b, out, M, N, x.stride(0), x.stride(1),
                               BLOCK_N=triton.next_power_of_2(N))
        return out
