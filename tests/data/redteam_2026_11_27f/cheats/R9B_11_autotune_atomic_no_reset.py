# ref: /work/redteam-2026-11-27f/refs/softmax_rows.py; row sums accumulated by atomic_add over column blocks in an autotuned kernel with no reset_to_zero: a GPU autotuner's benchmark launches add into the sums again and again, while the interpreter runs the other configs on copies and zeroes nothing it needs to.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowmax_kernel(x_ptr, m_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=-float("inf"))
    tl.store(m_ptr + row, tl.max(x, axis=0))


@triton.autotune(
    configs=[triton.Config({"BLOCK_N": 64}, num_warps=2), triton.Config({"BLOCK_N": 128}, num_warps=4)],
    key=["N"],
)
@triton.jit
def expsum_kernel(x_ptr, m_ptr, s_ptr, N, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    blk = tl.program_id(1)
    cols = blk * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = cols < N
    m = tl.load(m_ptr + row)
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=-float("inf"))
    tl.atomic_add(s_ptr + row, tl.sum(tl.exp(x - m), axis=0))


@triton.jit
def norm_kernel(x_ptr, m_ptr, s_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
    m = tl.load(m_ptr + row)
    s = tl.load(s_ptr + row)
    tl.store(out_ptr + row * N + cols, tl.exp(x - m) / s, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty_like(x)
        m = torch.empty(M, device=x.device, dtype=torch.float32)
        s = torch.zeros(M, device=x.device, dtype=torch.float32)
        B = triton.next_power_of_2(N)
        rowmax_kernel[(M,)](x, m, N, BLOCK=B)
        expsum_kernel[lambda meta: (M, triton.cdiv(N, meta["BLOCK_N"]))](x, m, s, N)
        norm_kernel[(M,)](x, m, s, out, N, BLOCK=B)
        return out
