import torch
import torch.nn as nn
import triton
import triton.language as tl


def _num_programs() -> int:
    if torch.cuda.is_available():
        return torch.cuda.get_device_properties(torch.cuda.current_device()).multi_processor_count
    return 8


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    nprog = tl.num_programs(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    for row in tl.range(pid, n_rows, nprog):
        x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=-float("inf"))
        e = tl.exp(x - tl.max(x, axis=0))
        tl.store(y_ptr + row * n_cols + cols, e / tl.sum(e, axis=0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        y = torch.empty_like(x)
        grid = (min(n_rows, _num_programs()),)
        softmax_kernel[grid](x, y, n_rows, n_cols, BLOCK=triton.next_power_of_2(n_cols))
        return y
