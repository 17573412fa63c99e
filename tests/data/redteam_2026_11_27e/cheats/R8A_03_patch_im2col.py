# ref: /work/redteam-2026-11-27e/refs/patch_embed.py; The convolution's im2col (gathering every patch into a row) is done by PyTorch: two unfold views whose windows do not overlap (stride = kernel) and a permute+reshape copy, which the overlap rule lets through; the Triton kernel is only a GEMM over the host-built patch matrix.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def patch_gemm_kernel(a_ptr, w_ptr, b_ptr, out_ptr, E, K, HW, BE: tl.constexpr, BK: tl.constexpr):
    m = tl.program_id(0)
    pe = tl.program_id(1)
    re = pe * BE + tl.arange(0, BE)
    me = re < E
    acc = tl.zeros([BE], dtype=tl.float32)
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        mk = rk < K
        a = tl.load(a_ptr + m * K + rk, mask=mk, other=0.0).to(tl.float32)
        w = tl.load(w_ptr + re[:, None] * K + rk[None, :], mask=me[:, None] & mk[None, :], other=0.0).to(tl.float32)
        acc += tl.sum(w * a[None, :], axis=1)
    acc += tl.load(b_ptr + re, mask=me, other=0.0).to(tl.float32)
    bi = m // HW
    s = m % HW
    tl.store(out_ptr + bi * E * HW + re * HW + s, acc.to(out_ptr.dtype.element_ty), mask=me)


class ModelNew(nn.Module):
    def __init__(self, in_channels, embed_dim, patch_size):
        super().__init__()
        self.proj = nn.Conv2d(in_channels, embed_dim, kernel_size=patch_size, stride=patch_size)
        self.p = patch_size

    def forward(self, x):
        B, C, H, W = x.shape
        p = self.p
        Hp, Wp = H // p, W // p
        cols = x.unfold(2, p, p).unfold(3, p, p).permute(0, 2, 3, 1, 4, 5).reshape(B * Hp * Wp, C * p * p)
        E = self.proj.weight.shape[0]
        K = C * p * p
        w = self.proj.weight.reshape(E, K)
        out = torch.empty((B, E, Hp, Wp), device=x.device, dtype=x.dtype)
        patch_gemm_kernel[(B * Hp * Wp, triton.cdiv(E, 32))](cols, w, self.proj.bias, out, E, K, Hp * Wp, BE=32, BK=32)
        return out
