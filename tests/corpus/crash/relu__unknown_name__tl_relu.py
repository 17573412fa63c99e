import torch, torch.nn as nn, triton, triton.language as tl
# an honest mistake the policy makes: `tl.relu` does not exist (fails to compile anyway; unknown_name, not a cheat)
@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0); offs = pid * BLOCK + tl.arange(0, BLOCK); m = offs < n
    x = tl.load(x_ptr + offs, mask=m); tl.store(y_ptr + offs, tl.relu(x), mask=m)
class ModelNew(nn.Module):
    def __init__(self): super().__init__()
    def forward(self, x):
        x = x.contiguous(); y = torch.empty_like(x); n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024); return y
