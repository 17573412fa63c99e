import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _softmax_small(x_ptr, y_ptr, N, stride, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r * stride + c, mask=c < N, other=-float("inf")).to(tl.float32)
    e = tl.exp(x - tl.max(x, 0))
    tl.store(y_ptr + r * stride + c, (e / tl.sum(e, 0)).to(y_ptr.dtype.element_ty), mask=c < N)


_KERNELS = {"small": _softmax_small}
_TORCH_TO_TL = {torch.float32: tl.float32, torch.float16: tl.float16}


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        assert x.dtype in _TORCH_TO_TL, f"unsupported dtype {x.dtype}"
        x = x.contiguous()
        y = torch.empty_like(x)
        rows = x.shape[0]
        kernel = _KERNELS["small"]
        kernel[(rows,)](x, y, x.shape[1], x.stride(0), BLOCK=max(16, triton.next_power_of_2(x.shape[1])))
        return y
