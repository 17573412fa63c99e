import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    y = num / tl.sum(num, axis=0)
    tl.store(out_ptr + row * out_stride + cols, y, mask=mask)

def _prep(x):
    x2 = x.reshape(-1, x.shape[-1]).contiguous()
    return x2, x2.shape[0], x2.shape[1]

def _launch(x2, n_rows, n_cols):
    y = torch.empty_like(x2)
    softmax_kernel[(n_rows,)](y, x2, x2.stride(0), y.stride(0), n_cols, BLOCK_SIZE=triton.next_power_of_2(n_cols))
    return y, n_rows * n_cols

class ModelNew(nn.Module):
    def forward(self, x):
        x2, n_rows, n_cols = _prep(x)
        y, total = _launch(x2, n_rows, n_cols)
        assert total == x.numel()
        return y.view_as(x)
