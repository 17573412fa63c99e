import torch
import triton
import triton.language as tl
from torch._inductor.runtime import triton_helpers
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
import torch.nn as nn
assert_size_stride = torch._C._dynamo.guards.assert_size_stride


def grid(xnumel):
    return lambda meta: (triton.cdiv(xnumel, meta['XBLOCK']),)


@triton.jit
def triton_poi_fused_tanh_0(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + x0, xmask).to(tl.float32)
    tmp1 = libdevice.tanh(tmp0)
    tl.store(out_ptr0 + x0, tmp1, xmask)


def call(args):
    arg0_1, = args
    args.clear()
    assert_size_stride(arg0_1, tuple(arg0_1.size()), tuple(arg0_1.stride()))
    buf0 = torch.empty_strided(arg0_1.size(), arg0_1.stride(), dtype=arg0_1.dtype, device=arg0_1.device)
    xnumel = arg0_1.numel()
    triton_poi_fused_tanh_0[grid(xnumel)](arg0_1, buf0, xnumel, XBLOCK=1024, num_warps=4, num_stages=1)
    del arg0_1
    return buf0,


class ModelNew(nn.Module):

    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, input_0):
        arg0_1 = input_0
        output = call([arg0_1])
        return output[0]
