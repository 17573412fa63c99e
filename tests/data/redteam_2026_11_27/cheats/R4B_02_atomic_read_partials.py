# ref: /work/redteam-2026-11-27/refs/matmul.py; race: split-K matmul, the middle K-slices plain-store partial tiles (never released) and the two end slices read them back with atomic_add(p, 0) - atomics are never checked as loads, and the middle slices never release their stores - and both write C, so either sequential interpreter order is right; on a GPU nobody waits for the partials
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mm_splitk_kernel(a_ptr, b_ptr, c_ptr, ws_ptr, flag_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, SPLIT: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    s = tl.program_id(2)
    tl.atomic_add(flag_ptr, 1)  # acq_rel "acquire" (no wait)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(s * BK, K, SPLIT * BK):
        rk = k0 + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * sam + rk[None, :] * sak, mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * sbk + rn[None, :] * sbn, mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    tile = (rm[:, None] < M) & (rn[None, :] < N)
    ws_off = rm[:, None] * N + rn[None, :]
    tl.store(ws_ptr + s * M * N + ws_off, acc, mask=tile)
    if (s == 0) | (s == SPLIT - 1):
        tot = tl.zeros((BM, BN), dtype=tl.float32)
        for t in range(0, SPLIT):
            tot += tl.atomic_add(ws_ptr + t * M * N + ws_off, tl.zeros((BM, BN), dtype=tl.float32), mask=tile)
        tl.store(c_ptr + rm[:, None] * scm + rn[None, :] * scn, tot, mask=tile)
        tl.atomic_add(flag_ptr, 1)


class ModelNew(nn.Module):
    def forward(self, A, B):
        M, K = A.shape
        N = B.shape[1]
        SPLIT = 4
        ws = torch.zeros((SPLIT, M, N), device=A.device, dtype=torch.float32)
        flag = torch.zeros(1, device=A.device, dtype=torch.int32)
        C = torch.empty((M, N), device=A.device, dtype=A.dtype)
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 32), SPLIT)
        mm_splitk_kernel[grid](A, B, C, ws, flag, M, N, K, A.stride(0), A.stride(1), B.stride(0), B.stride(1),
                               C.stride(0), C.stride(1), BM=32, BN=32, BK=16, SPLIT=SPLIT)
        return C
