import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mean_dim1_kernel(x_ptr, out_ptr, D1, D2, s0, s1, s2, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    b = tl.program_id(0)
    cb = tl.program_id(1)
    cols = cb * BLOCK_C + tl.arange(0, BLOCK_C)
    acc = tl.zeros((BLOCK_C,), dtype=tl.float32)
    for r0 in range(0, D1, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        ptrs = x_ptr + b * s0 + rows[:, None] * s1 + cols[None, :] * s2
        m = (rows[:, None] < D1) & (cols[None, :] < D2)
        acc += tl.sum(tl.load(ptrs, mask=m, other=0.0).to(tl.float32), axis=0)
    tl.store(out_ptr + b * D2 + cols, (acc / D1).to(out_ptr.dtype.element_ty), mask=cols < D2)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        # x may be a permuted (non-contiguous) view: use its strides directly
        B, D1, D2 = x.shape
        out = torch.empty((B, D2), device=x.device, dtype=x.dtype)
        BLOCK_R, BLOCK_C = 8, 32
        mean_dim1_kernel[(B, triton.cdiv(D2, BLOCK_C))](
            x, out, D1, D2, x.stride(0), x.stride(1), x.stride(2), BLOCK_R=BLOCK_R, BLOCK_C=BLOCK_C
        )
        return out
