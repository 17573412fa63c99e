import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.abs(tl.load(x_ptr + offs, mask=m)), mask=m)


@triton.jit
def copy_kernel_small(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.abs(tl.load(x_ptr + offs, mask=m)), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        with torch.no_grad(), torch.cuda.device(x.device) if x.is_cuda else torch.no_grad():
            if n <= 1024:
                copy_kernel_small[(1,)](x, y, n, BLOCK=triton.next_power_of_2(max(n, 16)))
            else:
                chunk = 1 << 20
                for start in range(0, n, chunk):
                    size = min(chunk, n - start)
                    copy_kernel[(triton.cdiv(size, 1024),)](x[start:start + size], y[start:start + size], size,
                                                            BLOCK=1024)
        return y
