import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_middle_kernel(x_ptr, out_ptr, R, I, BLOCK_R: tl.constexpr):
    pid = tl.program_id(0)
    b = pid // I
    i = pid % I
    acc = tl.zeros((BLOCK_R,), dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        r = r0 + tl.arange(0, BLOCK_R)
        acc += tl.load(x_ptr + b * R * I + r * I + i, mask=r < R, other=0.0)
    tl.store(out_ptr + pid, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def __init__(self, dims=(1, 2)):
        super(ModelNew, self).__init__()
        self.dims = tuple(dims)

    def forward(self, x):
        x = x.contiguous()
        dims = sorted(d % x.ndim for d in self.dims)
        assert dims == list(range(dims[0], dims[-1] + 1)), "dims must be contiguous"
        lead = 1
        for s in x.shape[:dims[0]]:
            lead *= s
        R = 1
        for d in dims:
            R *= x.shape[d]
        I = x.numel() // (lead * R)
        keep_shape = list(x.shape)
        for d in dims:
            keep_shape[d] = 1
        out = torch.empty(keep_shape, device=x.device, dtype=x.dtype)
        sum_middle_kernel[(lead * I,)](x, out, R, I, BLOCK_R=256)
        return out
