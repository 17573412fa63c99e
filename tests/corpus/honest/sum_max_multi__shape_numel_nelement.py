import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_sum_max_kernel(X, S, MX, N, BLOCK: tl.constexpr, DEBUG: tl.constexpr = False):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    v = tl.maximum(tl.load(X + r * N + c, mask=c < N, other=0.0), 0.0)
    if DEBUG:
        tl.device_print("row", r)
    tl.static_print("BLOCK", BLOCK)
    tl.store(S + r, tl.sum(v, axis=0))
    tl.store(MX + r, tl.max(v, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.debug = False

    def forward(self, x):
        x = x.contiguous()
        N = x.size(-1)
        rows = x.shape.numel() // N
        assert rows * N == x.nelement() == x.size().numel()
        s = x.new_full((rows,), 0.0)
        m = x.new_zeros(rows)
        relu_sum_max_kernel[(rows,)](x, s, m, N, BLOCK=triton.next_power_of_2(N), DEBUG=self.debug)
        if self.debug:
            print("launched", rows, N)
        return s.view(x.shape[:-1]), m.view(x.shape[:-1])
