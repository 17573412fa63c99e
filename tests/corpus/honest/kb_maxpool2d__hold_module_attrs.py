import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def maxpool2d_fwd_kernel(x_ptr, y_ptr, total, C, H, W, OH, OW,
                         KS: tl.constexpr, STRIDE: tl.constexpr, PAD: tl.constexpr, DIL: tl.constexpr,
                         BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < total
    ow = offs % OW
    oh = (offs // OW) % OH
    nc = offs // (OW * OH)
    best = tl.full((BLOCK,), float('-inf'), tl.float32)
    for kh in tl.static_range(KS):
        ih = oh * STRIDE - PAD + kh * DIL
        for kw in tl.static_range(KS):
            iw = ow * STRIDE - PAD + kw * DIL
            ok = mask & (ih >= 0) & (ih < H) & (iw >= 0) & (iw < W)
            v = tl.load(x_ptr + nc * H * W + ih * W + iw, mask=ok, other=float('-inf'))
            best = tl.maximum(best, v)
    tl.store(y_ptr + offs, best, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int, stride: int, padding: int, dilation: int):
        super(ModelNew, self).__init__()
        # keep the module around only for its hyper-parameters
        self.maxpool = nn.MaxPool2d(kernel_size=kernel_size, stride=stride, padding=padding, dilation=dilation)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        k, s, p, d = self.maxpool.kernel_size, self.maxpool.stride, self.maxpool.padding, self.maxpool.dilation
        x = x.contiguous()
        N, C, H, W = x.shape
        OH = (H + 2 * p - d * (k - 1) - 1) // s + 1
        OW = (W + 2 * p - d * (k - 1) - 1) // s + 1
        y = torch.empty((N, C, OH, OW), dtype=x.dtype, device=x.device)
        total = y.numel()
        BLOCK = 512
        maxpool2d_fwd_kernel[(triton.cdiv(total, BLOCK),)](x, y, total, C, H, W, OH, OW,
                                                          KS=k, STRIDE=s, PAD=p, DIL=d, BLOCK=BLOCK)
        return y
