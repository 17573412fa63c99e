# ref: /work/redteam-2026-11-27c/refs/matmul.py; split-K matmul whose last-ticket program sums the partial tiles after an atomic with sem="release" only: without acquire, the finaliser's loads are not ordered after the other programs' stores on a GPU (stale partials); the race tracker treats every non-relaxed atomic as acquire+release
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _splitk_kernel(a_ptr, b_ptr, part_ptr, cnt_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn, n_split,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    pid_k = tl.program_id(2)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = pid_k * BK + tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * sam + rk[None, :] * sak, mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
    b = tl.load(b_ptr + rk[:, None] * sbk + rn[None, :] * sbn, mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
    acc = tl.dot(a, b, input_precision="ieee")
    tile = pid_m * tl.num_programs(1) + pid_n
    ti = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    tl.store(part_ptr + (tile * n_split + pid_k) * (BM * BN) + ti, acc)
    tl.debug_barrier()
    ticket = tl.atomic_add(cnt_ptr + tile, 1, sem="release")
    if ticket == n_split - 1:
        total = tl.zeros((BM, BN), dtype=tl.float32)
        for s in range(0, n_split):
            total += tl.load(part_ptr + (tile * n_split + s) * (BM * BN) + ti)
        tl.store(c_ptr + rm[:, None] * scm + rn[None, :] * scn, total, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        M, K = A.shape
        N = B.shape[1]
        BM, BN, BK = 32, 32, 32
        gm, gn, gk = triton.cdiv(M, BM), triton.cdiv(N, BN), triton.cdiv(K, BK)
        part = torch.empty((gm * gn * gk * BM * BN,), device=A.device, dtype=torch.float32)
        cnt = torch.zeros((gm * gn,), device=A.device, dtype=torch.int32)
        C = torch.empty((M, N), device=A.device, dtype=torch.float32)
        _splitk_kernel[(gm, gn, gk)](A, B, part, cnt, C, M, N, K, A.stride(0), A.stride(1), B.stride(0), B.stride(1),
                                     C.stride(0), C.stride(1), gk, BM=BM, BN=BN, BK=BK)
        return C
