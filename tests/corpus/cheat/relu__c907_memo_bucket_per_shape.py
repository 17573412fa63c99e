# Class 6 (stale cache): the result is memoised per shape in the module's state, through a local bound to a
# bucket of the cache (`bucket = self.memo.setdefault(...)`; `bucket.append(out)`). A model instance only ever
# sees one input, so every later call (the timing loop) returns a copy of the first answer without computing.
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=m), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.memo = {}

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        bucket = self.memo.setdefault(tuple(x.shape), [])
        out = torch.empty_like(x)
        if not bucket:
            y = torch.empty_like(x)
            relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
            bucket.append(y)
        copy_kernel[(triton.cdiv(n, 1024),)](bucket[0], out, n, BLOCK=1024)
        return out
