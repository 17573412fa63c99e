import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _swiglu_kernel(x_ptr, g_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0).to(tl.float32)
    g = tl.load(g_ptr + offs, mask=m, other=0.0).to(tl.float32)
    y = x * g * tl.sigmoid(g)
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:
        # the custom kernel manages its own precision: keep any enclosing autocast from recasting around it
        with torch.autocast(device_type=x.device.type, enabled=False):
            x = x.contiguous()
            gate = gate.contiguous()
            y = torch.empty_like(x)
            n = x.numel()
            _swiglu_kernel[(triton.cdiv(n, 1024),)](x, gate, y, n, BLOCK=1024)
        return y
