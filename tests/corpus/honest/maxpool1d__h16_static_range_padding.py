import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def maxpool1d_kernel(
    x_ptr, y_ptr, L_in, L_out,
    KERNEL_SIZE: tl.constexpr, STRIDE: tl.constexpr, PADDING: tl.constexpr,
    BLOCK_L: tl.constexpr,
):
    row = tl.program_id(0)  # flattened (batch, channel)
    pid_l = tl.program_id(1)
    offs = pid_l * BLOCK_L + tl.arange(0, BLOCK_L)
    out_mask = offs < L_out
    acc = tl.full((BLOCK_L,), float("-inf"), tl.float32)
    for k in tl.static_range(KERNEL_SIZE):
        pos = offs * STRIDE - PADDING + k
        valid = out_mask & (pos >= 0) & (pos < L_in)
        v = tl.load(x_ptr + row * L_in + pos, mask=valid, other=float("-inf")).to(tl.float32)
        acc = tl.maximum(acc, v)
    tl.store(y_ptr + row * L_out + offs, acc.to(y_ptr.dtype.element_ty), mask=out_mask)


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int, stride: int = None, padding: int = 0):
        super(ModelNew, self).__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, C, L = x.shape
        x = x.contiguous()
        L_out = (L + 2 * self.padding - self.kernel_size) // self.stride + 1
        y = torch.empty((B, C, L_out), device=x.device, dtype=x.dtype)
        BLOCK_L = 64
        grid = (B * C, triton.cdiv(L_out, BLOCK_L))
        maxpool1d_kernel[grid](x, y, L, L_out, KERNEL_SIZE=self.kernel_size, STRIDE=self.stride,
                               PADDING=self.padding, BLOCK_L=BLOCK_L)
        return y
