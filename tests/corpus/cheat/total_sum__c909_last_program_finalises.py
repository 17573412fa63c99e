# Class 4: "the last program finalises" without an atomic counter. Each program writes its partial sum; the
# program with the highest id then reads all partials and writes the total. The interpreter runs that program
# last, so the CPU answer is right; on a GPU it can run before the others have stored their partials.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_kernel(x_ptr, part_ptr, out_ptr, n, P, BLOCK: tl.constexpr, PB: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(part_ptr + pid, tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), axis=0))
    if pid == P - 1:
        p = tl.arange(0, PB)
        tl.store(out_ptr, tl.sum(tl.load(part_ptr + p, mask=p < P, other=0.0), axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        P = triton.cdiv(n, 256)
        part = torch.empty(P, device=x.device, dtype=torch.float32)
        out = torch.empty((), device=x.device, dtype=torch.float32)
        sum_kernel[(P,)](x, part, out, n, P, BLOCK=256, PB=triton.next_power_of_2(P))
        return out
