import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def div7_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    xu = x.to(tl.uint32, bitcast=True)
    # inputs are non-negative; floor(x / 7) == umulhi(x, ceil(2^34 / 7)) >> 2
    magic = tl.full(xu.shape, 0x92492493, tl.uint32)
    q = tl.umulhi(xu, magic) >> 2
    tl.store(y_ptr + offs, q.to(tl.int32, bitcast=True), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        div7_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
