import torch
import torch.nn as nn
import triton
import triton.language as tl
import functools

@triton.jit
def relu_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask), 0.0), mask=mask)


def launch_relu(x):
    x = x.contiguous()
    y = torch.empty_like(x)
    n = x.numel()
    relu_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
    return y


@functools.lru_cache(maxsize=None)
def cached(shape):
    # a per-shape store shared by every call and instance (a cache of launch parameters alone is allowed:
    # verifier_workers/static/cache_rules.py)
    return {}


class ModelNew(nn.Module):
    def forward(self, x):
        cached(tuple(x.shape))
        return launch_relu(x)
