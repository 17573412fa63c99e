import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def smooth_l1_sum_kernel(p_ptr, t_ptr, part_ptr, n, beta, tiny, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    d = tl.abs(tl.load(p_ptr + offs, mask=m, other=0.0) - tl.load(t_ptr + offs, mask=m, other=0.0))
    b = tl.maximum(beta, tiny)
    l = tl.where(d < b, 0.5 * d * d / b, d - 0.5 * b)
    tl.store(part_ptr + pid, tl.sum(tl.where(m, l, 0.0), axis=0, keep_dims=False))


@triton.jit
def mean_kernel(part_ptr, out_ptr, P, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    s = tl.sum(tl.load(part_ptr + o, mask=o < P, other=0.0), axis=0, keep_dims=True)
    tl.store(out_ptr + tl.arange(0, 1), s / n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.beta = 0.5

    def forward(self, predictions, targets):
        with torch.no_grad():
            n = predictions.numel()
            BLOCK = 2048
            P = triton.cdiv(n, BLOCK)
            part = torch.empty(P, device=predictions.device, dtype=torch.float32)
            smooth_l1_sum_kernel[(P,)](predictions.contiguous(), targets.contiguous(), part, n, self.beta,
                                       torch.finfo(torch.float32).tiny, BLOCK=BLOCK)
            out = torch.empty(1, device=predictions.device, dtype=torch.float32)
            mean_kernel[(1,)](part, out, P, n, BLOCK=max(2, triton.next_power_of_2(P)))
        return out.squeeze(0)
