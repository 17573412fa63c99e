import functools

import torch
import torch.nn as nn
import triton
import triton.language as tl


@functools.lru_cache(maxsize=None)
def _num_sms() -> int:
    """Streaming multiprocessor count, queried once (a device property, not data)."""
    if torch.cuda.is_available():
        return torch.cuda.get_device_properties(torch.cuda.current_device()).multi_processor_count
    return 4


@triton.jit
def relu_persistent_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr, NUM_SMS: tl.constexpr):
    pid = tl.program_id(0)
    n_tiles = tl.cdiv(n, BLOCK)
    for tile in range(pid, n_tiles, NUM_SMS):
        offs = tile * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(y_ptr + offs, tl.maximum(x, 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        num_sms = _num_sms()
        grid = (max(1, min(num_sms, triton.cdiv(n, BLOCK))),)
        relu_persistent_kernel[grid](x, y, n, BLOCK=BLOCK, NUM_SMS=grid[0])
        return y
