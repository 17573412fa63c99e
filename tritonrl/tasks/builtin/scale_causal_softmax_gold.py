import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scale_causal_softmax_kernel(x_ptr, out_ptr, n_cols, seq_rows, row_stride, scale, BLOCK_SIZE: tl.constexpr):
    # one program per row of scores; the causal mask comes from indices (column j > query i is masked),
    # so no mask tensor is built or read
    row = tl.program_id(0)
    q = row % seq_rows  # query position within its (seq, seq) matrix
    x_row = x_ptr + row * row_stride
    out_row = out_ptr + row * row_stride
    cols = tl.arange(0, BLOCK_SIZE)
    m = tl.full([BLOCK_SIZE], float("-inf"), tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        c = start + cols
        valid = (c < n_cols) & (c <= q)
        x = tl.load(x_row + c, mask=valid, other=0.0).to(tl.float32)
        x = tl.where(valid, x * scale, float("-inf"))
        m = tl.maximum(m, x)
    row_max = tl.max(m, axis=0)
    s = tl.zeros([BLOCK_SIZE], tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        c = start + cols
        valid = (c < n_cols) & (c <= q)
        x = tl.load(x_row + c, mask=valid, other=0.0).to(tl.float32)
        x = tl.where(valid, x * scale, float("-inf"))
        s += tl.exp(x - row_max)
    denom = tl.sum(s, axis=0)
    for start in range(0, n_cols, BLOCK_SIZE):
        c = start + cols
        valid = (c < n_cols) & (c <= q)
        x = tl.load(x_row + c, mask=valid, other=0.0).to(tl.float32)
        x = tl.where(valid, x * scale, float("-inf"))
        y = tl.exp(x - row_max) / denom  # masked positions: exp(-inf) = 0
        tl.store(out_row + c, y.to(out_ptr.dtype.element_ty), mask=c < n_cols)


class ModelNew(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n_cols = x.shape[-1]
        n_rows = x.numel() // n_cols
        BLOCK_SIZE = min(triton.next_power_of_2(n_cols), 4096)
        scale_causal_softmax_kernel[(n_rows,)](x, out, n_cols, x.shape[-2], n_cols, self.scale,
                                               BLOCK_SIZE=BLOCK_SIZE)
        return out
