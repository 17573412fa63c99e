import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.heuristics({
    "BLOCK": lambda args: min(4096, triton.next_power_of_2(args["n"])),
    "num_warps": lambda args: 4 if args["n"] <= 8192 else 8,
})
@triton.jit
def _hardsigmoid_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(y_ptr + offs, tl.clamp(x / 6.0 + 0.5, 0.0, 1.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        _hardsigmoid_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, y, n)
        return y
