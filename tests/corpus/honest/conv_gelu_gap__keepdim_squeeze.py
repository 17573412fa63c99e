import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv_gelu_kernel(x_ptr, w_ptr, b_ptr, y_ptr, C_in, H, W, C_out, OH, OW,
                     KS: tl.constexpr, BLOCK: tl.constexpr):
    pid_nc = tl.program_id(0)
    n = pid_nc // C_out
    oc = pid_nc % C_out
    offs = tl.arange(0, BLOCK)
    mask = offs < OH * OW
    oh = offs // OW
    ow = offs % OW
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for ic in range(C_in):
        for kh in tl.static_range(KS):
            for kw in tl.static_range(KS):
                acc += tl.load(x_ptr + ((n * C_in + ic) * H + oh + kh) * W + ow + kw, mask=mask, other=0.0) \
                    * tl.load(w_ptr + ((oc * C_in + ic) * KS + kh) * KS + kw)
    acc += tl.load(b_ptr + oc)
    g = 0.5 * acc * (1.0 + tl.erf(acc * 0.7071067811865476))
    g = tl.where(mask, g, 0.0)
    # adaptive_avg_pool2d(., 1) -> one value per (n, oc)
    tl.store(y_ptr + pid_nc, tl.sum(g, axis=0) / (OH * OW))


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)

    def forward(self, x):
        x = x.to(torch.float32).contiguous()
        N, C, H, W = x.shape
        OC = self.conv.out_channels
        KS = self.conv.kernel_size[0]
        OH, OW = H - KS + 1, W - KS + 1
        y = x.new_empty((N, OC, 1, 1))
        conv_gelu_kernel[(N * OC,)](x, self.conv.weight, self.conv.bias, y, C, H, W, OC, OH, OW,
                                    KS=KS, BLOCK=triton.next_power_of_2(OH * OW))
        return y.squeeze(-1).squeeze(-1)
