# the kernel writes into a buffer on a hard-coded device="cpu", then copies it to the input's device: fine
# under the CPU interpreter, a launch on a CPU tensor fails on a GPU (red-team round 7, R7A_09)
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        staging = torch.empty(x.shape, dtype=x.dtype, device=torch.device("cpu"))
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, staging, n, BLOCK=1024)
        return staging.to(x.device)
