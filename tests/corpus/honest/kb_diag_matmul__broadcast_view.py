import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mul_kernel(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(c_ptr + offs, tl.load(a_ptr + offs, mask=m) * tl.load(b_ptr + offs, mask=m), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, A, B):
        # materialize the broadcast of the diagonal, then do an elementwise product in Triton
        A_full = A.unsqueeze(1).expand_as(B).contiguous()
        B = B.contiguous()
        C = torch.empty_like(B)
        n = C.numel()
        mul_kernel[(triton.cdiv(n, 1024),)](A_full, B, C, n, BLOCK=1024)
        return C
