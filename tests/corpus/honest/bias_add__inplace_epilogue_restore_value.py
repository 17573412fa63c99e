import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_N": 128}, num_warps=2), triton.Config({"BLOCK_N": 256}, num_warps=4)],
    key=["N"],
    restore_value=["y_ptr"],  # the kernel updates y in place: benchmarking must not compound it
)
@triton.jit
def _bias_tanh_inplace(y_ptr, b_ptr, M, N, stride_m, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    m = cols < N
    y = tl.load(y_ptr + row * stride_m + cols, mask=m)
    b = tl.load(b_ptr + cols, mask=m)
    z = y + b
    e = tl.exp(-2.0 * tl.abs(z))
    t = (1.0 - e) / (1.0 + e)
    tl.store(y_ptr + row * stride_m + cols, tl.where(z >= 0, t, -t), mask=m)


class ModelNew(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.bias = nn.Parameter(torch.randn(n))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x.clone(memory_format=torch.contiguous_format)  # our own buffer, then an in-place epilogue
        M, N = y.shape
        grid = lambda meta: (M, triton.cdiv(N, meta["BLOCK_N"]))
        _bias_tanh_inplace[grid](y, self.bias, M, N, y.stride(0))
        return y
