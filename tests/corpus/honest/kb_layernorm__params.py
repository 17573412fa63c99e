import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def layernorm_stats_kernel(x_ptr, mean_ptr, rstd_ptr, N, eps, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * N
    _sum = tl.zeros((BLOCK_SIZE,), dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(x_row + cols, mask=cols < N, other=0.).to(tl.float32)
        _sum += a
    mean = tl.sum(_sum, axis=0) / N
    _var = tl.zeros((BLOCK_SIZE,), dtype=tl.float32)
    for off in range(0, N, BLOCK_SIZE):
        cols = off + tl.arange(0, BLOCK_SIZE)
        a = tl.load(x_row + cols, mask=cols < N, other=0.).to(tl.float32)
        a = tl.where(cols < N, a - mean, 0.)
        _var += a * a
    var = tl.sum(_var, axis=0) / N
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)


@triton.jit
def layernorm_apply_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, N, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    pid = tl.program_id(1)
    cols = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = cols < N
    mean = tl.load(mean_ptr + row)
    rstd = tl.load(rstd_ptr + row)
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=mask)
    b = tl.load(b_ptr + cols, mask=mask)
    y = (x - mean) * rstd * w + b
    tl.store(y_ptr + row * N + cols, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, normalized_shape: tuple):
        super(ModelNew, self).__init__()
        self.ln = nn.LayerNorm(normalized_shape=normalized_shape)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        norm_numel = self.ln.weight.numel()
        x = x.contiguous()
        rows = x.numel() // norm_numel
        x2 = x.view(rows, norm_numel)
        y = torch.empty_like(x2)
        mean = torch.empty(rows, device=x.device, dtype=torch.float32)
        rstd = torch.empty(rows, device=x.device, dtype=torch.float32)
        BLOCK_SIZE = 1024
        layernorm_stats_kernel[(rows,)](x2, mean, rstd, norm_numel, self.ln.eps, BLOCK_SIZE=BLOCK_SIZE)
        grid = (rows, triton.cdiv(norm_numel, BLOCK_SIZE))
        layernorm_apply_kernel[grid](x2, y, self.ln.weight, self.ln.bias, mean, rstd, norm_numel, BLOCK_SIZE=BLOCK_SIZE)
        return y.view_as(x)
