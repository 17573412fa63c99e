import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.heuristics({
    "EVEN_P": lambda args: args["P"] % args["BLOCK_P"] == 0,
    "BLOCK_C": lambda args: max(16, triton.next_power_of_2(args["C_in"])),
})
@triton.jit
def pointwise_conv_kernel(x_ptr, w_ptr, y_ptr, C_in, C_out, P,
                          BLOCK_O: tl.constexpr, BLOCK_P: tl.constexpr, BLOCK_C: tl.constexpr, EVEN_P: tl.constexpr):
    # y[n, o, p] = sum_c w[o, c] * x[n, c, p]   (p = flattened h*w)
    n = tl.program_id(0)
    pid_o = tl.program_id(1)
    pid_p = tl.program_id(2)
    ro = pid_o * BLOCK_O + tl.arange(0, BLOCK_O)
    rp = pid_p * BLOCK_P + tl.arange(0, BLOCK_P)
    rc = tl.arange(0, BLOCK_C)
    w = tl.load(w_ptr + ro[:, None] * C_in + rc[None, :], mask=(ro[:, None] < C_out) & (rc[None, :] < C_in), other=0.0)
    x_base = x_ptr + n * C_in * P
    if EVEN_P:
        x = tl.load(x_base + rc[:, None] * P + rp[None, :], mask=rc[:, None] < C_in, other=0.0)
    else:
        x = tl.load(x_base + rc[:, None] * P + rp[None, :], mask=(rc[:, None] < C_in) & (rp[None, :] < P), other=0.0)
    acc = tl.dot(w, x, input_precision="ieee")
    tl.store(y_ptr + n * C_out * P + ro[:, None] * P + rp[None, :], acc.to(y_ptr.dtype.element_ty),
             mask=(ro[:, None] < C_out) & (rp[None, :] < P))


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, bias: bool = False):
        super(ModelNew, self).__init__()
        self.conv1d = nn.Conv2d(in_channels, out_channels, kernel_size=1, stride=1, padding=0, bias=bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C, H, W = x.shape
        O = self.conv1d.out_channels
        w2 = self.conv1d.weight.view(O, C)
        y = torch.empty((N, O, H, W), device=x.device, dtype=x.dtype)
        BLOCK_O, BLOCK_P = 32, 64
        grid = (N, triton.cdiv(O, BLOCK_O), triton.cdiv(H * W, BLOCK_P))
        pointwise_conv_kernel[grid](x, w2, y, C, O, H * W, BLOCK_O=BLOCK_O, BLOCK_P=BLOCK_P)
        return y
