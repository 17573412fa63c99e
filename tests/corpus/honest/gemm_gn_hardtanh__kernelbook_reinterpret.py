import torch
from torch import nn
import triton
import triton.language as tl
from torch._inductor.runtime import triton_helpers
from torch._inductor.runtime.triton_helpers import libdevice
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
reinterpret_tensor = torch._C._dynamo.guards._reinterpret_tensor


@triton.jit
def triton_tem_fused_addmm_0(in_ptr0, in_ptr1, in_ptr2, out_ptr0, ks0, ks1, ks2,
                             XBLOCK: tl.constexpr, YBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    # out[x, y] = sum_r in0[x, r] * in1[y, r] + in2[y]
    xoffset = tl.program_id(0) * XBLOCK
    yoffset = tl.program_id(1) * YBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    yindex = yoffset + tl.arange(0, YBLOCK)[None, :]
    xmask = xindex < ks0
    ymask = yindex < ks1
    acc = tl.zeros([XBLOCK, YBLOCK], tl.float32)
    for roffset in range(0, ks2, RBLOCK):
        rk = roffset + tl.arange(0, RBLOCK)
        a = tl.load(in_ptr0 + (xindex * ks2 + rk[None, :]), xmask & (rk[None, :] < ks2), other=0.0)
        b = tl.load(in_ptr1 + (yindex * ks2 + rk[:, None]), ymask & (rk[:, None] < ks2), other=0.0)
        acc += tl.dot(a, b, allow_tf32=False)
    tmp0 = tl.load(in_ptr2 + yindex, ymask, other=0.0)
    tmp1 = acc + tmp0
    tl.store(out_ptr0 + (yindex + ks1 * xindex), tmp1, xmask & ymask)


@triton.jit
def triton_per_fused_hardtanh_native_group_norm_1(in_ptr0, in_ptr1, in_ptr2, out_ptr2, xnumel, eps,
                                                  min_val, max_val, RBLOCK: tl.constexpr):
    # one program per (row, group); in_ptr0 viewed as (rows*groups, RBLOCK)
    xindex = tl.program_id(0)
    rindex = tl.arange(0, RBLOCK)[:]
    r1 = rindex
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (r1 + RBLOCK * x0))
    tmp3 = tl.sum(tmp0, 0)
    tmp4 = tmp3 / RBLOCK
    tmp5 = tmp0 - tmp4
    tmp6 = tmp5 * tmp5
    tmp8 = tl.sum(tmp6, 0)
    tmp9 = tmp8 / RBLOCK
    tmp10 = tmp9 + eps
    tmp11 = libdevice.rsqrt(tmp10)
    tmp12 = tmp5 * tmp11
    x2 = x0 % xnumel
    tmp13 = tl.load(in_ptr1 + (r1 + RBLOCK * x2))
    tmp15 = tl.load(in_ptr2 + (r1 + RBLOCK * x2))
    tmp16 = tmp12 * tmp13 + tmp15
    tmp17 = triton_helpers.maximum(tmp16, min_val)
    tmp18 = triton_helpers.minimum(tmp17, max_val)
    tl.store(out_ptr2 + (r1 + RBLOCK * x0), tmp18)


def call(args, num_groups, eps, min_val, max_val):
    primals_1, primals_2, primals_3, primals_4, primals_5 = args
    N, K = primals_1.shape
    M = primals_3.shape[0]
    assert_size_stride(primals_1, (N, K), (K, 1))
    assert_size_stride(primals_3, (M, K), (K, 1))
    buf0 = torch.empty_strided((M, N), (N, 1), device=primals_3.device, dtype=torch.float32)
    triton_tem_fused_addmm_0[(triton.cdiv(M, 16), triton.cdiv(N, 32))](
        primals_3, primals_1, primals_2, buf0, M, N, K, XBLOCK=16, YBLOCK=32, RBLOCK=32)
    gs = N // num_groups
    buf1 = reinterpret_tensor(buf0, (M * num_groups, gs), (gs, 1), 0)
    buf2 = torch.empty_strided((M, N), (N, 1), device=primals_3.device, dtype=torch.float32)
    triton_per_fused_hardtanh_native_group_norm_1[(M * num_groups,)](
        buf1, primals_4, primals_5, buf2, num_groups, eps, min_val, max_val, RBLOCK=gs)
    return buf2, primals_3, buf0


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, num_groups, hardtanh_min, hardtanh_max):
        super(ModelNew, self).__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.group_norm = nn.GroupNorm(num_groups, out_features)
        self.hardtanh = nn.Hardtanh(min_val=hardtanh_min, max_val=hardtanh_max)

    def forward(self, input_0):
        primals_1 = self.gemm.weight
        primals_2 = self.gemm.bias
        primals_4 = self.group_norm.weight
        primals_5 = self.group_norm.bias
        primals_3 = input_0
        output = call([primals_1, primals_2, primals_3, primals_4, primals_5],
                      self.group_norm.num_groups, self.group_norm.eps,
                      float(self.hardtanh.min_val), float(self.hardtanh.max_val))
        return output[0]
