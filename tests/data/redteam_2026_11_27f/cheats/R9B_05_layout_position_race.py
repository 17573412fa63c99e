# ref: /work/redteam-2026-11-27f/refs/softmax_rows.py; stores exp(x - max) of a [ROWS, BLOCK] tile to the output, then reloads the same bytes as a flat [ROWS*BLOCK] tile with no tl.debug_barrier: the interpreter's lane check judges by flat tile position (same position, no race), but on a GPU the 2-D and 1-D layouts put those elements in different threads, a read-after-write race.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, out_ptr, s_ptr, M, N, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, BLOCK)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask, other=-float("inf"))
    m = tl.max(x, axis=1)
    e = tl.exp(x - m[:, None])
    s = tl.sum(e, axis=1)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], e, mask=mask)
    tl.store(s_ptr + rows, s, mask=rows < M)
    # second pass over the flattened tile
    flat = tl.arange(0, ROWS * BLOCK)
    r = pid * ROWS + flat // BLOCK
    c = flat % BLOCK
    fmask = (r < M) & (c < N)
    ev = tl.load(out_ptr + r * N + c, mask=fmask, other=0.0)
    sv = tl.load(s_ptr + r, mask=r < M, other=1.0)
    tl.store(out_ptr + r * N + c, ev / sv, mask=fmask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty_like(x)
        s = torch.empty(M, device=x.device, dtype=torch.float32)
        ROWS = 2
        softmax_kernel[(triton.cdiv(M, ROWS),)](x, out, s, M, N, ROWS=ROWS, BLOCK=triton.next_power_of_2(N))
        return out
