import torch
import torch.nn as nn
import triton
import triton.language as tl

ALPHA = 1.6732632423543772848170429916717
SCALE = 1.0507009873554804934193349852946


@triton.jit
def selu_kernel(x_ptr, y_ptr, n_elements, alpha, scale, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n_elements
    x = tl.load(x_ptr + offs, mask=mask)
    neg = alpha * (tl.exp(x) - 1.0)
    y = scale * tl.where(x > 0, x, neg)
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        BLOCK_SIZE = 1024
        grid = (triton.cdiv(n, BLOCK_SIZE),)
        selu_kernel[grid](x, y, n, ALPHA, SCALE, BLOCK_SIZE=BLOCK_SIZE)
        return y


if __name__ == "__main__":
    x = torch.randn(16, 4096)
    m = ModelNew()
    print(torch.allclose(m(x), torch.selu(x), atol=1e-5))
