# ref: /work/redteam-2026-11-27d/refs/A_scale_shift.py; the kernel writes into a staging buffer allocated with a hard-coded device="cpu", then copied to the input's device: the interpreter runs kernels on host arrays so this works on the CPU verifier, but on a GPU a Triton kernel cannot take a CPU tensor (launch fails: "cannot be accessed from Triton (cpu tensor?)").
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _affine_kernel(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(o_ptr + offs, x * 1.5 + 0.25, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        staging = torch.empty(x.shape, dtype=x.dtype, device="cpu")
        n = x.numel()
        BLOCK = 1024
        _affine_kernel[(triton.cdiv(n, BLOCK),)](x, staging, n, BLOCK=BLOCK)
        return staging.to(x.device)
