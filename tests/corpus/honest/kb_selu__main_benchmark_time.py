import time

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def selu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = 1.0507009873554805 * tl.where(x > 0, x, 1.6732632423543772 * (tl.exp(x) - 1.0))
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        selu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y


if __name__ == "__main__":
    x = torch.randn(16, 4096, device="cuda")
    model = ModelNew()
    assert torch.allclose(model(x), torch.selu(x), atol=1e-5)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(100):
        model(x)
    torch.cuda.synchronize()
    print(f"avg {(time.perf_counter() - t0) * 10:.3f} ms")
