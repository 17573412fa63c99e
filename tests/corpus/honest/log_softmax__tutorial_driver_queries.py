# Triton's tutorial style: the device and the SM count from triton.runtime.driver (a stand-in answers on a CPU)
import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.runtime import driver

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def log_softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols,
                       BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        mask = col_offsets < n_cols
        row = tl.load(row_start_ptr + col_offsets, mask=mask, other=-float("inf")).to(tl.float32)
        row_minus_max = row - tl.max(row, axis=0)
        lse = tl.log(tl.sum(tl.exp(row_minus_max), axis=0))
        out = row_minus_max - lse
        tl.store(output_ptr + row_idx * output_row_stride + col_offsets, out.to(output_ptr.dtype.element_ty), mask=mask)


properties = driver.active.utils.get_device_properties(DEVICE.index) if DEVICE.type == "cuda" else {"multiprocessor_count": 4}
NUM_SM = properties["multiprocessor_count"]


class ModelNew(nn.Module):
    def __init__(self, dim: int = 1):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        n_rows, n_cols = x.shape
        BLOCK_SIZE = triton.next_power_of_2(n_cols)
        y = torch.empty_like(x)
        num_programs = min(NUM_SM * 4, n_rows)
        log_softmax_kernel[(num_programs, 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols,
                                                 BLOCK_SIZE=BLOCK_SIZE, num_stages=2)
        return y
