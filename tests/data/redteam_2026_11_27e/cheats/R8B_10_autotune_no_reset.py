# ref: /work/redteam-2026-11-27e/refs/R8B_total.py; an autotuned kernel accumulates into the output with atomic_add but declares no reset_to_zero: the interpreter's autotuner shim never benchmarks (other configs run on copies), so the output is summed once, but on a GPU the autotuner's benchmark runs every config many times on the real output at each new key, and the returned sum is many times too large.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4),
                          triton.Config({"BLOCK": 256}, num_warps=4)], key=["n"])
@triton.jit
def total_sum_at_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(out_ptr, tl.sum(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        out = torch.zeros((), device=x.device, dtype=x.dtype)
        total_sum_at_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, out, n)
        return out
