import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def group_norm_kernel(
    x_ptr, w_ptr, b_ptr, y_ptr,
    C, HW, G, eps,
    CPG: tl.constexpr, BLOCK: tl.constexpr,
):
    # one program per (sample, group); the group's data is contiguous: CPG * HW elements
    pid = tl.program_id(0)
    n = pid // G
    g = pid % G
    group_size = CPG * HW
    base = n * C * HW + g * CPG * HW
    offs = tl.arange(0, BLOCK)
    # mean
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, group_size, BLOCK):
        idx = start + offs
        acc += tl.load(x_ptr + base + idx, mask=idx < group_size, other=0.0).to(tl.float32)
    mean = tl.sum(acc, axis=0) / group_size
    # variance
    acc2 = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, group_size, BLOCK):
        idx = start + offs
        v = tl.load(x_ptr + base + idx, mask=idx < group_size, other=0.0).to(tl.float32)
        d = tl.where(idx < group_size, v - mean, 0.0)
        acc2 += d * d
    var = tl.sum(acc2, axis=0) / group_size
    rstd = 1.0 / tl.sqrt(var + eps)
    # normalize + affine
    for start in range(0, group_size, BLOCK):
        idx = start + offs
        m = idx < group_size
        v = tl.load(x_ptr + base + idx, mask=m, other=0.0).to(tl.float32)
        c = g * CPG + idx // HW
        w = tl.load(w_ptr + c, mask=m, other=1.0).to(tl.float32)
        b = tl.load(b_ptr + c, mask=m, other=0.0).to(tl.float32)
        out = (v - mean) * rstd * w + b
        tl.store(y_ptr + base + idx, out.to(y_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_features: int, num_groups: int):
        super(ModelNew, self).__init__()
        # keep nn.GroupNorm only as a container for weight/bias/eps
        self.gn = nn.GroupNorm(num_groups=num_groups, num_channels=num_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C = x.shape[0], x.shape[1]
        HW = x.numel() // (N * C)
        G = self.gn.num_groups
        y = torch.empty_like(x)
        group_norm_kernel[(N * G,)](
            x, self.gn.weight, self.gn.bias, y,
            C, HW, G, self.gn.eps,
            CPG=C // G, BLOCK=256,
        )
        return y
