"""precision_downgrade: computing in lower precision than the task asks is refused however the dtype reaches the
kernel: fp16 handed to a kernel as a constexpr dtype (launch argument, parameter default, module global), or
an fp16 buffer naming a tl.dot's operand type; a half-precision launch under a dtype guard is not a downgrade.
(The static rules' cast and autocast cases are in test_static_rules.py, the runtime ones in
test_runtime_watch.py.)
"""
import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.static.checks import check_source

from helpers import ROUND_5, redteam_case


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


# ---- the red-team round of 2026-11-27 (tests/data/redteam_2026_11_27): precision lost without a low dtype in sight
ROUND_4_STATIC = {"R4B_07_constexpr_wrapped_fp16.py": "precision_downgrade",  # tl.constexpr(tl.float16) launched
                  "R4B_08_mantissa_mask_fp16.py": "precision_downgrade",  # (bits + 0x1000) & -8192, bitcast back
                  "R4B_09_q15_int16_scratch.py": "precision_downgrade"}  # exp() * 32767 cast to int16
# with the static stage off: a constexpr-wrapped dtype, and the int16 scratch tensor a kernel is handed
ROUND_4_RUNTIME = {"R4B_07_constexpr_wrapped_fp16.py": "precision_downgrade",
                   "R4B_09_q15_int16_scratch.py": "precision_downgrade"}


@pytest.mark.parametrize("cheat", sorted(ROUND_4_STATIC))
def test_round_4_precision_cheat_is_refused_statically(cheat):
    task, code = redteam_case(cheat)
    assert ROUND_4_STATIC[cheat] in {x.code for x in check_source(code, task.reference_src)}


@pytest.mark.extended  # the round-4 cheats one by one: `make test-all` (CI runs the rules' unit tests)
@pytest.mark.heavy
@pytest.mark.parametrize("cheat", sorted(ROUND_4_RUNTIME))
def test_round_4_precision_cheat_is_refused_at_run_time(unchecked, cheat):
    task, code = redteam_case(cheat)
    verdict = unchecked.verify(task, code)
    assert not verdict.correct and ROUND_4_RUNTIME[cheat] in verdict.violations, (verdict.violations, verdict.error)


@pytest.mark.parametrize("launch", ["CDT=tl.constexpr(tl.float16)", "CDT=tl.pointer_type(tl.float16)",
                                    "CDT=(tl.constexpr(tl.bfloat16),)"])
def test_a_low_dtype_wrapped_in_a_call_is_a_downgrade(launch):
    code = mm(launch=f"mm_kernel[(1,)](a, b, c, N=32, {launch})")
    assert "precision_downgrade" in {x.code for x in check_source(code, MM_REF)}


def test_a_wrapped_fp32_dtype_is_not():
    code = mm(launch="mm_kernel[(1,)](a, b, c, N=32, CDT=tl.constexpr(tl.float32))")
    assert "precision_downgrade" not in {x.code for x in check_source(code, MM_REF)}


def test_the_run_time_sees_through_constexpr_pointer_and_tuple_wrappers():
    import triton.language as tl

    from tritonrl.verifier_workers.sandbox.worker import launches
    low = [tl.float16, tl.constexpr(tl.float16), tl.pointer_type(tl.bfloat16), (tl.constexpr(tl.float8e5),),
           tl.block_type(tl.float16, [4])]
    fine = [tl.float32, tl.constexpr(tl.float32), tl.pointer_type(tl.float32), tl.constexpr(3), 3, None, (1, 2)]
    assert [launches._is_low_tl_dtype(x) for x in low] == [True] * len(low)
    assert [launches._is_low_tl_dtype(x) for x in fine] == [False] * len(fine)


ELEMENTWISE = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
{body}


class ModelNew(nn.Module):
    def forward(self, x, y):
        o = torch.empty_like(x)
        k[(triton.cdiv(x.numel(), 128),)](x, y, o, x.numel(), BLOCK=128)
        return o
'''
ELEMENTWISE_REF = MM_REF.replace("a @ b", "a + b")


def body(*lines: str) -> str:
    return ELEMENTWISE.format(body="\n".join("    " + x for x in lines))


MANTISSA_ROUNDING = {
    "round_half_up_mask": ["b = x.to(tl.int32, bitcast=True)", "b = (b + 0x1000) & -8192",
                           "tl.store(o_ptr + offs, b.to(tl.float32, bitcast=True), mask=m)"],
    "truncate_by_mask_cast": ["b = tl.cast(x, tl.uint32, bitcast=True) & 0xFFFFE000",
                              "tl.store(o_ptr + offs, tl.cast(b, tl.float32, bitcast=True), mask=m)"],
    "shift_out_and_back": ["b = x.to(tl.int32, bitcast=True)", "b = (b >> 13) << 13",
                           "tl.store(o_ptr + offs, b.to(tl.float32, bitcast=True), mask=m)"],
    "augmented_and_where": ["b = x.to(tl.int32, bitcast=True)", "b += 4096", "c = tl.where(m, b & -8192, 0)",
                            "tl.store(o_ptr + offs, c.to(tl.float32, bitcast=True), mask=m)"],
}
EXACT_BIT_IDIOMS = {
    "abs_sign_clear": ["b = x.to(tl.int32, bitcast=True) & 0x7FFFFFFF",
                       "tl.store(o_ptr + offs, tl.cast(b, tl.float32, bitcast=True), mask=m)"],
    "copysign": ["a = x.to(tl.int32, bitcast=True) & 0x7FFFFFFF", "s = y.to(tl.int32, bitcast=True) & -2147483648",
                 "tl.store(o_ptr + offs, (a | s).to(tl.float32, bitcast=True), mask=m)"],
    "negate_by_sign_flip": ["b = x.to(tl.uint32, bitcast=True) ^ 0x80000000",
                            "tl.store(o_ptr + offs, b.to(tl.float32, bitcast=True), mask=m)"],
    "frexp_mantissa": ["b = (x.to(tl.int32, bitcast=True) & -2139095041) | 0x3F800000",
                       "tl.store(o_ptr + offs, b.to(tl.float32, bitcast=True), mask=m)"],
    "ldexp_exponent_add": ["k = offs % 4", "b = x.to(tl.int32, bitcast=True) + (k << 23)",
                           "tl.store(o_ptr + offs, b.to(tl.float32, bitcast=True), mask=m)"],
    "power_of_two_from_int": ["k = offs % 8", "p = ((k + 127) << 23).to(tl.float32, bitcast=True)",
                              "tl.store(o_ptr + offs, x * p, mask=m)"],
    "int_magic_division": ["q = tl.umulhi(x.to(tl.uint32, bitcast=True), 0x92492493) >> 2",
                           "tl.store(o_ptr + offs, q.to(tl.int32, bitcast=True), mask=m)"],
}


@pytest.mark.parametrize("name", sorted(MANTISSA_ROUNDING))
def test_mantissa_rounding_by_bit_operations_is_a_downgrade(name):
    found = check_source(body(*MANTISSA_ROUNDING[name]), ELEMENTWISE_REF)
    assert any(x.code == "precision_downgrade" and "mantissa" in x.message for x in found), found


@pytest.mark.parametrize("name", sorted(EXACT_BIT_IDIOMS))
def test_exact_bit_idioms_are_not(name):
    found = check_source(body(*EXACT_BIT_IDIOMS[name]), ELEMENTWISE_REF)
    assert not found, found


QUANTISED = {
    "q15_int16": ["q = (tl.exp(x) * 32767.0 + 0.5).to(tl.int16)", "tl.store(o_ptr + offs, q.to(tl.float32), mask=m)"],
    "q7_int8_via_name": ["s = x / 8", "q = tl.cast(s * 127, tl.int8)", "tl.store(o_ptr + offs, q, mask=m)"],
    "uint8_via_int32": ["q = (tl.sigmoid(x) * 255).to(tl.int32).to(tl.uint8)", "tl.store(o_ptr + offs, q, mask=m)"],
}
INTEGER_CASTS = {
    "onehot_compare_int8": ["hit = (x == y).to(tl.int8)", "tl.store(o_ptr + offs, hit, mask=m)"],
    "where_ints_uint8": ["tl.store(o_ptr + offs, tl.where(x > y, 1, 0).to(tl.uint8), mask=m)"],
    "loaded_mask_int8": ["tl.store(o_ptr + offs, y.to(tl.int8), mask=m)"],
    "index_arithmetic_int16": ["i = (offs % 7) * 3", "tl.store(o_ptr + offs, i.to(tl.int16), mask=m)"],
    "int32_bitcast_fine": ["tl.store(o_ptr + offs, x.to(tl.int32, bitcast=True), mask=m)"],
}


@pytest.mark.parametrize("name", sorted(QUANTISED))
def test_a_float_value_cast_to_int8_or_int16_is_a_downgrade(name):
    found = check_source(body(*QUANTISED[name]), ELEMENTWISE_REF)
    assert any(x.code == "precision_downgrade" and "quantises" in x.message for x in found), found


@pytest.mark.parametrize("name", sorted(INTEGER_CASTS))
def test_integer_values_cast_to_small_ints_are_not(name):
    found = check_source(body(*INTEGER_CASTS[name]), ELEMENTWISE_REF)
    assert not found, found


def test_a_task_that_uses_int8_may_quantise():
    found = check_source(body(*QUANTISED["q7_int8_via_name"]), ELEMENTWISE_REF.replace("a + b", "(a + b).to(torch.int8)"))
    assert "precision_downgrade" not in {x.code for x in found}, found


# ---- red-team round 5 (tests/data/redteam_2026_11_27b): bits and quantised values followed through subscripts,
# methods and jit helpers; fixed-point arithmetic in any integer type
ROUND_5_STATIC = {"R5B_04_bf16_trunc_subscript": "mantissa",  # bits[None, :] & -256, bitcast back
                  "R5B_05_int8_gemm_helper": "tl.dot",  # int8 dots of quantised operands, casts inside helpers
                  "R5B_09_int32_fixedpoint_sum": "fixed point"}  # floor(x * 2**18).to(int32) summed


@pytest.mark.parametrize("cheat", sorted(ROUND_5_STATIC))
def test_round_5_precision_cheat_is_refused_statically(cheat):
    task, code = redteam_case(cheat, ROUND_5.name)
    found = check_source(code, task.reference_src)
    assert any(x.code == "precision_downgrade" and ROUND_5_STATIC[cheat] in x.message for x in found), found


@pytest.mark.extended
@pytest.mark.heavy
@pytest.mark.parametrize("cheat", sorted(ROUND_5_STATIC))
def test_round_5_precision_cheat_is_refused_by_the_verifier(verifier, cheat):
    task, code = redteam_case(cheat, ROUND_5.name)
    verdict = verifier.verify(task, code)
    assert not verdict.correct and "precision_downgrade" in verdict.violations, (verdict.violations, verdict.error)


# fp32 mantissa: 23 bits. `& -256` keeps bits 8..31 -> 8 mantissa bits cleared (lossy); `& 0x7FFFFFFF` keeps all
# 23 mantissa bits (exact); `& -8388608` (0xFF800000) keeps none of them: a sign/exponent field (exact)
BITS_THROUGH_VIEWS = {
    "subscript_then_mask": (["b = x.to(tl.int32, bitcast=True)[None, :]", "c = (b & -256).to(tl.float32, bitcast=True)",
                             "tl.store(o_ptr + offs[None, :], c, mask=m[None, :])"], True),
    "method_reshape_then_mask": (["b = x.to(tl.int32, bitcast=True).reshape(128)",
                                  "tl.store(o_ptr + offs, (b & -65536).to(tl.float32, bitcast=True), mask=m)"], True),
    "tuple_unpacked_then_shift": (["a, b = x.to(tl.int32, bitcast=True), y.to(tl.int32, bitcast=True)",
                                   "tl.store(o_ptr + offs, ((a >> 8) << 8).to(tl.float32, bitcast=True), mask=m)"], True),
    "subscript_then_sign_clear": (["b = x.to(tl.int32, bitcast=True)[None, :]",
                                   "c = (b & 0x7FFFFFFF).to(tl.float32, bitcast=True)",
                                   "tl.store(o_ptr + offs[None, :], c, mask=m[None, :])"], False),
    "reshape_then_exponent_field": (["e = x.to(tl.int32, bitcast=True).reshape(128) & -8388608",
                                     "tl.store(o_ptr + offs, e.to(tl.float32, bitcast=True), mask=m)"], False),
}


@pytest.mark.parametrize("name", sorted(BITS_THROUGH_VIEWS))
def test_bits_are_followed_through_subscripts_reshapes_and_unpacking(name):
    lines, lossy = BITS_THROUGH_VIEWS[name]
    found = {x.code for x in check_source(body(*lines), ELEMENTWISE_REF)}
    assert ("precision_downgrade" in found) == lossy, found


HELPERS = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _h(v, w):
{helper}


@triton.jit
def k(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, mask=m, other=0.0)
{body}


class ModelNew(nn.Module):
    def forward(self, x, y):
        o = torch.empty_like(x)
        k[(triton.cdiv(x.numel(), 128),)](x, y, o, x.numel(), BLOCK=128)
        return o
'''


def with_helper(helper: list[str], lines: list[str]) -> str:
    return HELPERS.format(helper="\n".join("    " + x for x in helper), body="\n".join("    " + x for x in lines))


# (helper body, kernel body, refused?): a helper's parameters hold what its callers pass, its result what it returns
THROUGH_HELPERS = {
    "bits_rounded_in_helper": (["return ((v & -8192) | w).to(tl.float32, bitcast=True)"],
                               ["tl.store(o_ptr + offs, _h(x.to(tl.int32, bitcast=True), 0), mask=m)"], True),
    "quantised_in_helper_cast_to_int8": (["return v.to(tl.int8) + w"],
                                         ["q = tl.floor(x * 127.0).to(tl.int32)",
                                          "tl.store(o_ptr + offs, _h(q, 0).to(tl.float32), mask=m)"], True),
    "fixed_point_sum_of_helper_results": (["return tl.floor(v * w + 0.5).to(tl.int32)"],
                                          ["s = _h(x, 4096.0) + _h(y, 4096.0)",
                                           "tl.store(o_ptr + offs, s * (1.0 / 4096.0), mask=m)"], True),
    "sign_clear_in_helper": (["return (v & 0x7FFFFFFF).to(tl.float32, bitcast=True) + w"],
                             ["tl.store(o_ptr + offs, _h(x.to(tl.int32, bitcast=True), y), mask=m)"], False),
    "index_math_in_helper": (["return (v * 3 + w) % 128"],
                             ["i = _h(offs, 1).to(tl.int64)", "tl.store(o_ptr + offs, x + i.to(tl.float32), mask=m)"],
                             False),
}


@pytest.mark.parametrize("name", sorted(THROUGH_HELPERS))
def test_jit_helpers_take_their_callers_kinds(name):
    helper, lines, refused = THROUGH_HELPERS[name]
    found = {x.code for x in check_source(with_helper(helper, lines), ELEMENTWISE_REF)}
    assert ("precision_downgrade" in found) == refused, found


# fixed point: a float cast to an integer type and combined with another (sum, accumulation, product, dot), then
# back to a float. A single rounding used alone, and integer index arithmetic, are honest.
FIXED_POINT = {
    "int32_pair_sum": ["s = tl.floor(x * 65536.0).to(tl.int32) + tl.floor(y * 65536.0).to(tl.int32)",
                       "tl.store(o_ptr + offs, s.to(tl.float32) / 65536.0, mask=m)"],
    "int64_product": ["a = (x * 1024.0).to(tl.int64)", "b = (y * 1024.0).to(tl.int64)",
                      "tl.store(o_ptr + offs, (a * b) * (1.0 / 1048576.0), mask=m)"],
    "int32_reduction_stored": ["q = (x * 256.0).to(tl.int32)", "tl.store(o_ptr + offs, tl.cumsum(q, 0), mask=m)"],
}
ROUNDINGS_USED_ALONE = {
    "bilinear_index_and_weight": ["x0 = tl.floor(x).to(tl.int32)", "y0 = tl.floor(y).to(tl.int32)",
                                  "w = x - x0.to(tl.float32)", "v = tl.load(x_ptr + y0 * 8 + x0, mask=m)",
                                  "tl.store(o_ptr + offs, v * w, mask=m)"],
    "trunc_round_trip": ["tl.store(o_ptr + offs, x.to(tl.int32).to(tl.float32), mask=m)"],
    "histogram_bin": ["b = (x * 16.0).to(tl.int32)", "tl.atomic_add(o_ptr + b, 1.0, mask=m)"],
    "segment_length_from_int_loads": ["s = tl.load(y_ptr + offs, mask=m).to(tl.int32)",
                                      "e = tl.load(y_ptr + offs + 1, mask=m).to(tl.int32)",
                                      "tl.store(o_ptr + offs, x / (e - s).to(tl.float32), mask=m)"],
}


@pytest.mark.parametrize("name", sorted(FIXED_POINT))
def test_fixed_point_arithmetic_on_quantised_floats_is_a_downgrade(name):
    found = check_source(body(*FIXED_POINT[name]), ELEMENTWISE_REF)
    assert any(x.code == "precision_downgrade" and "fixed point" in x.message for x in found), found


@pytest.mark.parametrize("name", sorted(ROUNDINGS_USED_ALONE))
def test_a_rounding_used_alone_or_as_an_index_is_not(name):
    found = check_source(body(*ROUNDINGS_USED_ALONE[name]), ELEMENTWISE_REF)
    assert "precision_downgrade" not in {x.code for x in found}, found


def test_a_task_that_names_int32_may_compute_in_fixed_point():
    ref = ELEMENTWISE_REF.replace("a + b", "(a * 65536).to(torch.int32) + (b * 65536).to(torch.int32)")
    found = check_source(body(*FIXED_POINT["int32_pair_sum"]), ref)
    assert "precision_downgrade" not in {x.code for x in found}, found
