import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_kernel(x_ptr, y_ptr, C, HW, eps, BLOCK_C: tl.constexpr, BLOCK_HW: tl.constexpr):
    # x: [B, C, HW]; normalize over C for each (b, hw)
    b = tl.program_id(0)
    pid_hw = tl.program_id(1)
    c = tl.arange(0, BLOCK_C)
    hw = pid_hw * BLOCK_HW + tl.arange(0, BLOCK_HW)
    mask = (c[:, None] < C) & (hw[None, :] < HW)
    offs = b * C * HW + c[:, None] * HW + hw[None, :]
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    ms = tl.sum(x * x, axis=0) / C
    rms = tl.sqrt(ms + eps)
    y = x / rms[None, :]
    tl.store(y_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super(ModelNew, self).__init__()
        self.num_features = num_features
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, C = x.shape[0], x.shape[1]
        HW = x[0, 0].numel()
        y = torch.empty_like(x)
        BLOCK_C = triton.next_power_of_2(C)
        BLOCK_HW = 64
        grid = (B, triton.cdiv(HW, BLOCK_HW))
        rmsnorm_kernel[grid](x, y, C, HW, self.eps, BLOCK_C=BLOCK_C, BLOCK_HW=BLOCK_HW)
        return y
