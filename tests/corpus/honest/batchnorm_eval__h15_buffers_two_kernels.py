import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bn_fold_kernel(mean_ptr, var_ptr, w_ptr, b_ptr, scale_ptr, shift_ptr, C, eps, BLOCK_C: tl.constexpr):
    offs = tl.arange(0, BLOCK_C)
    m = offs < C
    mean = tl.load(mean_ptr + offs, mask=m, other=0.0).to(tl.float32)
    var = tl.load(var_ptr + offs, mask=m, other=1.0).to(tl.float32)
    w = tl.load(w_ptr + offs, mask=m, other=1.0).to(tl.float32)
    b = tl.load(b_ptr + offs, mask=m, other=0.0).to(tl.float32)
    scale = w / tl.sqrt(var + eps)
    tl.store(scale_ptr + offs, scale, mask=m)
    tl.store(shift_ptr + offs, b - mean * scale, mask=m)


@triton.jit
def bn_apply_kernel(x_ptr, y_ptr, scale_ptr, shift_ptr, C, HW, BLOCK: tl.constexpr):
    nc = tl.program_id(0)
    pid_hw = tl.program_id(1)
    c = nc % C
    offs = pid_hw * BLOCK + tl.arange(0, BLOCK)
    mask = offs < HW
    scale = tl.load(scale_ptr + c)
    shift = tl.load(shift_ptr + c)
    x = tl.load(x_ptr + nc * HW + offs, mask=mask, other=0.0).to(tl.float32)
    tl.store(y_ptr + nc * HW + offs, (x * scale + shift).to(y_ptr.dtype.element_ty), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_features, eps=1e-5):
        super().__init__()
        self.eps = eps
        # same creation order as the reference so the seeded init matches
        self.weight = nn.Parameter(torch.rand(num_features) + 0.5)
        self.bias = nn.Parameter(torch.randn(num_features))
        self.register_buffer("running_mean", torch.randn(num_features))
        self.register_buffer("running_var", torch.rand(num_features) + 0.5)

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        HW = H * W
        scale = torch.empty(C, device=x.device, dtype=torch.float32)
        shift = torch.empty(C, device=x.device, dtype=torch.float32)
        bn_fold_kernel[(1,)](self.running_mean, self.running_var, self.weight, self.bias, scale, shift, C, self.eps,
                             BLOCK_C=triton.next_power_of_2(C))
        y = torch.empty_like(x)
        BLOCK = 256
        bn_apply_kernel[(N * C, triton.cdiv(HW, BLOCK))](x, y, scale, shift, C, HW, BLOCK=BLOCK)
        return y
