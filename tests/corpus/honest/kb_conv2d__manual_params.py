import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv2d_kernel(x_ptr, w_ptr, y_ptr,
                  C_in, H, W, C_out, OH, OW,
                  K: tl.constexpr, BLOCK: tl.constexpr):
    pid_nc = tl.program_id(0)          # n * C_out + oc
    pid_p = tl.program_id(1)
    n = pid_nc // C_out
    oc = pid_nc % C_out
    p = pid_p * BLOCK + tl.arange(0, BLOCK)
    pm = p < OH * OW
    oh = p // OW
    ow = p % OW
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for ic in range(0, C_in):
        for kh in range(K):
            for kw in range(K):
                w = tl.load(w_ptr + ((oc * C_in + ic) * K + kh) * K + kw)
                xv = tl.load(x_ptr + ((n * C_in + ic) * H + oh + kh) * W + ow + kw, mask=pm, other=0.0)
                acc += w * xv
    tl.store(y_ptr + pid_nc * OH * OW + p, acc, mask=pm)


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 padding: int = 0, bias: bool = False):
        super(ModelNew, self).__init__()
        assert stride == 1 and padding == 0 and not bias
        self.kernel_size = kernel_size
        # same initialization scheme as nn.Conv2d
        self.weight = nn.Parameter(torch.empty(out_channels, in_channels, kernel_size, kernel_size))
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C_in, H, W = x.shape
        C_out = self.weight.shape[0]
        K = self.kernel_size
        OH, OW = H - K + 1, W - K + 1
        y = torch.empty((N, C_out, OH, OW), device=x.device, dtype=x.dtype)
        BLOCK = 256
        conv2d_kernel[(N * C_out, triton.cdiv(OH * OW, BLOCK))](
            x, self.weight, y, C_in, H, W, C_out, OH, OW, K=K, BLOCK=BLOCK)
        return y
