"""precision_downgrade: computing in lower precision than the task asks is refused however the dtype reaches the
kernel: fp16 handed to a kernel as a constexpr dtype (launch argument, parameter default, module global), or
an fp16 buffer naming a tl.dot's operand type; a half-precision launch under a dtype guard is not a downgrade.
(The static rules' cast and autocast cases are in test_static_rules.py, the runtime ones in
test_runtime_watch.py.)
"""
import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.static.checks import check_source


MM_REF = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, a, b):
        return a @ b

def get_inputs():
    return [torch.randn(32, 32), torch.randn(32, 32)]

def get_init_inputs():
    return []
"""


MM_KERNEL = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl
{globals}

@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, N: tl.constexpr, {param}):
    i = tl.arange(0, N)
    a = tl.load(a_ptr + i[:, None] * N + i[None, :])
    b = tl.load(b_ptr + i[:, None] * N + i[None, :])
    tl.store(c_ptr + i[:, None] * N + i[None, :], tl.dot(a.to(CDT), b.to(CDT)))


class ModelNew(nn.Module):
    def forward(self, a, b):
        c = torch.empty_like(a)
        {launch}
        return c
'''


def mm(globals_: str = "", param: str = "CDT: tl.constexpr", launch: str = "") -> str:
    return MM_KERNEL.format(globals=globals_, param=param,
                            launch=launch or "mm_kernel[(1,)](a, b, c, N=32, CDT=tl.float16)")


@pytest.mark.parametrize("code", [
    mm(),
    mm(param="CDT: tl.constexpr = tl.float16", launch="mm_kernel[(1,)](a, b, c, N=32)"),
    mm(globals_='TYPES = {"fast": tl.float16}\nCDT = TYPES["fast"]', param="X: tl.constexpr = 0",
       launch="mm_kernel[(1,)](a, b, c, N=32)"),
], ids=["launch_argument", "parameter_default", "module_global_chain"])
def test_half_precision_handed_to_a_kernel_is_a_downgrade(code):
    assert "precision_downgrade" in {x.code for x in check_source(code, MM_REF)}


def test_half_precision_launch_under_a_dtype_guard_is_not():
    code = mm(launch="""if a.dtype == torch.float16:
            mm_kernel[(1,)](a, b, c, N=32, CDT=tl.float16)
        else:
            mm_kernel[(1,)](a, b, c, N=32, CDT=tl.float32)""")
    assert "precision_downgrade" not in {x.code for x in check_source(code, MM_REF)}


MATMUL_REF = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, a, b):
        return a @ b

def get_inputs():
    return [torch.randn(32, 48), torch.randn(48, 40)]

def get_init_inputs():
    return []
"""


MATMUL_TASK = Task(name="matmul_r7", level=1, reference_src=MATMUL_REF)


MATMUL_OPERAND_TYPE_FROM_BUFFER = """
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, h_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    op_ty = h_ptr.dtype.element_ty
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a.to(op_ty), b.to(op_ty))
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("tag", torch.view_as_real(torch.zeros(1, dtype=TAG_DTYPE)), persistent=False)

    def forward(self, a, b):
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        matmul_kernel[(triton.cdiv(M, 32), triton.cdiv(N, 32))](a.contiguous(), b.contiguous(), c, self.tag,
                                                              M, N, K, BM=32, BN=32, BK=16)
        return c
"""


def test_fp16_operand_type_from_a_buffer_is_a_downgrade(verifier, unchecked):
    # the kernel's dot runs in fp16 because an fp16 buffer (a complex32's real view) names its operand type;
    # the static allowlist refuses torch.complex32 first, and the run time catches it without the static stage
    code = MATMUL_OPERAND_TYPE_FROM_BUFFER.replace("TAG_DTYPE", "torch.complex32")
    assert not verifier.verify(MATMUL_TASK, code).correct
    cheat = unchecked.verify(MATMUL_TASK, code)
    assert not cheat.correct and "precision_downgrade" in cheat.violations, (cheat.violations, cheat.error)
    honest = verifier.verify(MATMUL_TASK, MATMUL_OPERAND_TYPE_FROM_BUFFER.replace("TAG_DTYPE", "torch.complex64"))
    assert honest.correct, (honest.violations, honest.error)
