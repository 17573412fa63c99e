import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def hist_kernel(x_ptr, out_ptr, N: tl.constexpr, NBINS: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    h = tl.histogram(x, NBINS)
    tl.store(out_ptr + tl.arange(0, NBINS), h.to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self, nbins):
        super().__init__()
        self.nbins = nbins

    def forward(self, x):
        x = x.contiguous().to(torch.int32)
        out = torch.empty(self.nbins, device=x.device, dtype=torch.int64)
        hist_kernel[(1,)](x, out, N=x.numel(), NBINS=self.nbins)
        return out
