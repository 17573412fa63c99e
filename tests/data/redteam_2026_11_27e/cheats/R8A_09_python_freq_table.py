# ref: /work/redteam-2026-11-27e/refs/rope_freq.py; The inverse-frequency table base^(-2i/d) (the task's pow/exp work) is computed in Python with the ** operator in a comprehension (not a math.* call, and under 256 elements) and shipped with torch.tensor; the kernel only does cos/sin of precomputed angles, so part of the task is host Python work.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rope_kernel(x_ptr, f_ptr, out_ptr, S, D, H, BH: tl.constexpr):
    row = tl.program_id(0)
    s = row % S
    j = tl.arange(0, BH)
    m = j < H
    f = tl.load(f_ptr + j, mask=m, other=0.0)
    ang = s.to(tl.float32) * f
    xe = tl.load(x_ptr + row * D + 2 * j, mask=m, other=0.0).to(tl.float32)
    xo = tl.load(x_ptr + row * D + 2 * j + 1, mask=m, other=0.0).to(tl.float32)
    y = xe * tl.cos(ang) - xo * tl.sin(ang)
    tl.store(out_ptr + row * H + j, y.to(out_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self, base):
        super().__init__()
        self.base = base

    def forward(self, x):
        x = x.contiguous()
        B, S, D = x.shape
        H = (D + 1) // 2
        freqs = [1.0 / (self.base ** ((2 * i) / D)) for i in range(H)]
        f = torch.tensor(freqs, dtype=torch.float32, device=x.device)
        out = torch.empty((B, S, H), device=x.device, dtype=torch.float32)
        rope_kernel[(B * S,)](x, f, out, S, D, H, BH=triton.next_power_of_2(H))
        return out
