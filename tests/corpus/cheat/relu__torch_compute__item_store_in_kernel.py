# red team round 3: a kernel body writes through a host object (`A["o"][:] = ...`): Triton cannot compile
# that, the interpreter runs it as Python on the real tensors
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, A: tl.constexpr, BLOCK: tl.constexpr):
    if tl.program_id(0) == 0:
        A["o"][:] = A["x"].clamp(min=0)


class ModelNew(nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        relu_kernel[(1,)](x, y, x.numel(), A={"x": x, "o": y}, BLOCK=1024)
        return y
