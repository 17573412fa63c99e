# ref: /work/redteam-2026-11-27d/refs/A_conv1d.py; the im2col gather of the convolution is done by torch (Tensor.unfold + permute + contiguous copy, all "views/copies" to the watch), so the Triton kernel is a plain GEMM over a host-built patch matrix; the convolution's indexing work is PyTorch's, not a Triton kernel's.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _gemm_bias(a_ptr, w_ptr, b_ptr, o_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + rk[:, None], mask=(rn[None, :] < N) & (rk[:, None] < K), other=0.0)
        acc += tl.dot(a, w, input_precision="ieee")
    bias = tl.load(b_ptr + rn, mask=rn < N, other=0.0)
    acc += bias[None, :]
    tl.store(o_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, cin, cout, k):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, k)

    def forward(self, x):
        B, C, L = x.shape
        k = self.conv.kernel_size[0]
        Lo = L - k + 1
        # (B, C, Lo, k) -> (B, Lo, C, k) -> (B*Lo, C*k): the im2col matrix, built by torch
        patches = x.unfold(2, k, 1).permute(0, 2, 1, 3).contiguous().reshape(B * Lo, C * k)
        w = self.conv.weight.reshape(self.conv.out_channels, C * k).contiguous()
        M, K = patches.shape
        N = w.shape[0]
        out = torch.empty((M, N), device=x.device, dtype=x.dtype)
        BM, BN, BK = 16, 16, 16
        _gemm_bias[(triton.cdiv(M, BM), triton.cdiv(N, BN))](patches, w, self.conv.bias, out, M, N, K,
                                                           BM=BM, BN=BN, BK=BK)
        return out.reshape(B, Lo, N).permute(0, 2, 1).contiguous()
