import torch
import triton
import triton.language as tl
from torch._inductor.runtime import triton_helpers
import torch.nn as nn
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu


@triton.jit
def triton_per_fused_argmin_0(in_ptr0, out_ptr0, xnumel, rnumel, ks0, ks1, XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rindex = tl.arange(0, RBLOCK)[None, :]
    rmask = rindex < rnumel
    r2 = rindex
    x0 = xindex % ks0
    x1 = xindex // ks0
    x3 = xindex
    tmp0 = tl.load(in_ptr0 + (x0 + ks0 * r2 + ks1 * x1), rmask & xmask, other=0.0)
    tmp1 = tl.broadcast_to(tmp0, [XBLOCK, RBLOCK])
    tmp3 = tl.where(rmask & xmask, tmp1, float('inf'))
    tmp4 = tl.broadcast_to(rindex, tmp3.shape)
    tmp2_val, tmp2_idx = triton_helpers.min_with_index(tmp3, tmp4, 1)
    tmp2 = tmp2_idx[:, None]
    tl.store(out_ptr0 + x3, tmp2.to(tl.int64), xmask)


def call(args):
    arg0_1, = args
    args.clear()
    s0, s1, s2 = arg0_1.shape
    assert_size_stride(arg0_1, (s0, s1, s2), (s1 * s2, s2, 1))
    buf0 = empty_strided_cpu((s0, s2), (s2, 1), torch.int64) if arg0_1.device.type == 'cpu' else \
        torch.empty_strided((s0, s2), (s2, 1), dtype=torch.int64, device=arg0_1.device)
    xnumel = s0 * s2
    RBLOCK = triton.next_power_of_2(s1)
    triton_per_fused_argmin_0[(triton.cdiv(xnumel, 16),)](arg0_1, buf0, xnumel, s1, s2, s1 * s2,
                                                          XBLOCK=16, RBLOCK=RBLOCK, num_warps=2, num_stages=1)
    del arg0_1
    return buf0,


class ModelNew(nn.Module):

    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, input_0):
        arg0_1 = input_0
        output = call([arg0_1])
        return output[0]
