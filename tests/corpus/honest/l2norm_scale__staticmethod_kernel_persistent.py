import torch
import torch.nn as nn
import triton
import triton.language as tl


def _num_sms() -> int:
    if torch.cuda.is_available():
        return torch.cuda.get_device_properties(0).multi_processor_count
    return 4


class ModelNew(nn.Module):
    """Persistent row-wise L2 normalize + scale."""

    @staticmethod
    @triton.jit
    def _kernel(X, G, Y, M, N, eps, BLOCK_N: tl.constexpr):
        start = tl.program_id(0)
        step = tl.num_programs(0)
        cols = tl.arange(0, BLOCK_N)
        cmask = cols < N
        g = tl.load(G + cols, mask=cmask, other=0.0)
        for row in range(start, M, step):
            x = tl.load(X + row * N + cols, mask=cmask, other=0.0)
            ss = tl.sum(x * x, axis=0)
            inv = 1.0 / tl.maximum(tl.sqrt(ss), eps)
            tl.device_assert(inv >= 0, "negative norm")
            tl.store(Y + row * N + cols, x * inv * g, mask=cmask)

    def __init__(self, dim):
        super().__init__()
        self.g = nn.Parameter(torch.randn(dim) * 0.2 + 1.0)
        self.num_sms = _num_sms()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty_like(x)
        grid = (min(M, self.num_sms),)
        self._kernel[grid](x, self.g, y, M, N, 1e-12, BLOCK_N=triton.next_power_of_2(N))
        return y
