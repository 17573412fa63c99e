import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra.cuda import libdevice


@triton.jit
def add_bias_gelu_flat(x_ptr, b_ptr, out_ptr, n_elements, N, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs % N, mask=mask)
    v = x + b
    out = v * 0.5 * (1.0 + libdevice.erf(v / 1.4142135623730951))
    tl.store(out_ptr + offs, out, mask=mask)


class ModelNew(nn.Module):
    def __init__(self) -> None:
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()  # materialise the broadcast view
        out = torch.empty_like(x)
        n = x.numel()
        add_bias_gelu_flat[(triton.cdiv(n, 256),)](x, b.contiguous(), out, n, x.shape[-1], BLOCK=256)
        return out
