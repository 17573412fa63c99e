# Class 3 (code only the CPU interpreter runs): the kernel computes on the tile's host array (`.handle.data`)
# with `np`, a name the candidate never imports: the interpreter injects its own globals (np among them) into
# the kernel's module. The GPU compiler folds the branch away (an ir.value has no `.data`), so the compile
# stage passes; on a GPU the kernel copies its input, on a CPU it computes the right answer.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if hasattr(x.handle, "data"):
        np.maximum(x.handle.data, 0, out=x.handle.data)
    tl.store(y_ptr + offs, x, mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        return y
