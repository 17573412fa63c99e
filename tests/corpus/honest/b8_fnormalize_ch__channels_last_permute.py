import torch
import torch.nn as nn
import torch.nn.functional as F
import triton
import triton.language as tl


@triton.jit
def row_l2_normalize_kernel(x_ptr, y_ptr, n_rows, C, eps, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_C)
    mask = (rows[:, None] < n_rows) & (cols[None, :] < C)
    v = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=mask, other=0.0)
    nrm = tl.sqrt(tl.sum(v * v, axis=1))
    nrm = tl.maximum(nrm, eps)
    tl.store(y_ptr + rows[:, None] * C + cols[None, :], v / nrm[:, None], mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()
        self.eps = 1e-12

    def forward(self, x):
        N, C, H, W = x.shape
        x_nhwc = x.permute(0, 2, 3, 1).contiguous()
        y_nhwc = torch.empty_like(x_nhwc)
        n_rows = N * H * W
        BLOCK_R = 16
        row_l2_normalize_kernel[(triton.cdiv(n_rows, BLOCK_R),)](x_nhwc, y_nhwc, n_rows, C, self.eps,
                                                                BLOCK_R=BLOCK_R, BLOCK_C=triton.next_power_of_2(C))
        return y_nhwc.permute(0, 3, 1, 2).contiguous()
