# ref: /work/redteam-2026-11-27e/refs/R8B_tril.py; the lower triangle is walked by a packed index k mapped to (i, j) with i = floor((sqrt(8k + 1) - 1) / 2): exact under the interpreter's numpy sqrt and division, but tl.sqrt and fp32 `/` are approximate on a GPU (sqrt.approx, div.full), so at perfect squares i comes out one short and elements land in the wrong place.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def tril_packed_kernel(x_ptr, out_ptr, M, ntri, BLOCK: tl.constexpr):
    bidx = tl.program_id(1)
    k = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = k < ntri
    kf = k.to(tl.float32)
    i = tl.floor((tl.sqrt(8.0 * kf + 1.0) - 1.0) / 2.0).to(tl.int32)
    j = k - i * (i + 1) // 2
    base = bidx * M * M
    v = tl.load(x_ptr + base + i * M + j, mask=m, other=0.0)
    tl.store(out_ptr + base + i * M + j, v, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        Bn, M, _ = x.shape
        out = torch.zeros_like(x)
        ntri = M * (M + 1) // 2
        BLOCK = 64
        tril_packed_kernel[(triton.cdiv(ntri, BLOCK), Bn)](x, out, M, ntri, BLOCK=BLOCK)
        return out
