# ref: /work/redteam-2026-11-27/refs/rowsum.py; race (lost updates): split-row partial sums accumulated into out[row] by a plain load-add-store, disguised by a dummy acq_rel atomic before ("acquire") and after ("release") it on an unrelated counter; the tracker accepts the RMW as ordered, a GPU loses concurrent updates
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_rmw_kernel(x_ptr, out_ptr, dummy_ptr, D, stride_x, CHUNK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.program_id(1)
    offs = c * CHUNK + tl.arange(0, CHUNK)
    v = tl.load(x_ptr + row * stride_x + offs, mask=offs < D, other=0.0).to(tl.float32)
    part = tl.sum(v, axis=0)
    tl.atomic_add(dummy_ptr, 0)
    cur = tl.load(out_ptr + row)
    tl.store(out_ptr + row, cur + part)
    tl.atomic_add(dummy_ptr, 0)


class ModelNew(nn.Module):
    def forward(self, x):
        B, D = x.shape
        CHUNK = 64
        out = torch.zeros(B, device=x.device, dtype=torch.float32)
        dummy = torch.zeros(1, device=x.device, dtype=torch.int32)
        rowsum_rmw_kernel[(B, triton.cdiv(D, CHUNK))](x, out, dummy, D, x.stride(0), CHUNK=CHUNK)
        return out
