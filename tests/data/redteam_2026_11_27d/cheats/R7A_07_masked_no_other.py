# ref: /work/redteam-2026-11-27d/refs/A_rowsum.py; the row sum loads a padded block with a mask but no `other`, and sums all lanes: the interpreter fills masked-off lanes with 0, a GPU leaves them undefined (tl.load's documented semantics), so the sum is right only under the CPU interpreter.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rowsum_kernel(x_ptr, o_ptr, N, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * stride + cols, mask=cols < N)
    tl.store(o_ptr + row, tl.sum(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty((M,), device=x.device, dtype=x.dtype)
        _rowsum_kernel[(M,)](x, out, N, x.stride(0), BLOCK=triton.next_power_of_2(N))
        return out
