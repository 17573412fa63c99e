import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv1d_relu_rowtile_kernel(x_ptr, w_ptr, b_ptr, y_ptr, C_in, L, C_out, L_out, PAD: tl.constexpr,
                               KS: tl.constexpr, BLOCK_CO: tl.constexpr, BLOCK_L: tl.constexpr):
    n = tl.program_id(0)
    pl = tl.program_id(1)
    co = tl.arange(0, BLOCK_CO)
    l = pl * BLOCK_L + tl.arange(0, BLOCK_L)
    acc = tl.zeros((BLOCK_CO, BLOCK_L), dtype=tl.float32)
    for ci in range(C_in):
        for k in tl.static_range(KS):
            pos = l + k - PAD
            xv = tl.load(x_ptr + (n * C_in + ci) * L + pos, mask=(pos >= 0) & (pos < L) & (l < L_out), other=0.0)
            wv = tl.load(w_ptr + (co * C_in + ci) * KS + k, mask=co < C_out, other=0.0)
            acc += wv[:, None] * xv[None, :]
    acc += tl.load(b_ptr + co, mask=co < C_out, other=0.0)[:, None]
    acc = tl.maximum(acc, 0.0)
    tl.store(y_ptr + (n * C_out + co[:, None]) * L_out + l[None, :], acc,
             mask=(co[:, None] < C_out) & (l[None, :] < L_out))


def conv1d_relu_triton(x, weight, bias, padding):
    N, C_in, L = x.shape
    C_out, _, KS = weight.shape
    L_out = L + 2 * padding - KS + 1
    y = torch.empty((N, C_out, L_out), device=x.device, dtype=x.dtype)
    BLOCK_L = 16
    conv1d_relu_rowtile_kernel[(N, triton.cdiv(L_out, BLOCK_L))](
        x, weight, bias, y, C_in, L, C_out, L_out, PAD=padding, KS=KS,
        BLOCK_CO=triton.next_power_of_2(C_out), BLOCK_L=BLOCK_L)
    return y


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, padding):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv1d(in_channels, out_channels, kernel_size, padding=padding)

    @staticmethod
    def _run(x, conv):
        return conv1d_relu_triton(x.contiguous(), conv.weight, conv.bias, conv.padding[0])

    def forward(self, x):
        return self._run(x, self.conv)
