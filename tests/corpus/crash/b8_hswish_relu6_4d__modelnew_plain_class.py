import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m) * 3.0
    hs = x * tl.minimum(tl.maximum(x + 3.0, 0.0), 6.0) / 6.0
    tl.store(y_ptr + offs, tl.minimum(tl.maximum(hs, 0.0), 6.0), mask=m)


class ModelNew:
    def __init__(self):
        pass

    def __call__(self, x):
        y = torch.empty_like(x)
        n = x.numel()
        k[(triton.cdiv(n, 1024),)](x.contiguous(), y, n, BLOCK=1024)
        return y
