"""precision_downgrade by measurement: in an fp32 task, a candidate whose error against a float64 run of the
reference is far beyond the fp32 reference's own error (and beyond a few fp32 ulps of the output) is refused,
however the precision was lost (a magic-number round, a fixed-point grid, an integer sum, a float rebuilt from
3 of its 4 bytes). Honest fp32 kernels that sum in another order or use exp2 pass; a reduced-precision task is
not judged by this rule. (The static precision rules are in test_precision.py.)
"""
import pytest
import torch

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.sandbox import precision

from helpers import ROUND_6, ROUND_7, ROUND_8, ROUND_10, honest_twin, redteam_case


# ---------------------------------------------------------------- the measure itself


def _rows(seed: int = 0) -> torch.Tensor:
    return torch.randn(16, 4096, generator=torch.Generator().manual_seed(seed))


def _sequential_sum(x: torch.Tensor) -> torch.Tensor:
    """Left to right in fp32 (torch's CPU cumsum accumulates in double): the worst common order."""
    acc = torch.zeros(x.shape[0], dtype=torch.float32)
    for j in range(x.shape[1]):
        acc = acc + x[:, j]
    return acc


def test_a_sum_in_another_order_is_within_the_margin():
    x = _rows()
    ref32, ref64 = x.sum(1), x.double().sum(1)
    ms = precision.measure([ref32], [ref64], [_sequential_sum(x)])
    assert ms and ms[0].err > ms[0].ref_err  # really a different (worse) order
    assert precision.verdict(ms) is None


def test_exp2_softmax_is_within_the_margin():
    x = _rows(1)
    ref32, ref64 = torch.softmax(x, 1), torch.softmax(x.double(), 1)
    z = (x - x.max(1, keepdim=True).values) * 1.4426950408889634
    e = torch.exp2(z)
    assert precision.verdict(precision.measure([ref32], [ref64], [e / e.sum(1, keepdim=True)])) is None


@pytest.mark.parametrize("grid_bits", [10, 14])
def test_a_fixed_point_grid_is_refused(grid_bits):
    x = _rows(2)
    ref32, ref64 = x.sum(1), x.double().sum(1)
    q = torch.trunc(x * 2 ** grid_bits) / 2 ** grid_bits  # int32 fixed point, as R6B_10
    msg = precision.verdict(precision.measure([ref32], [ref64], [q.sum(1)]))
    assert msg is not None and msg.startswith("precision_downgrade") and "allowed" in msg


def test_a_dropped_mantissa_byte_is_refused():
    x = _rows(3)
    trunc = (x.view(torch.int32) & ~0xFF).view(torch.float32)  # 15-bit mantissa, as R6B_06
    assert precision.verdict(precision.measure([x.relu()], [x.double().relu()], [trunc.relu()])) is not None


def test_every_forward_call_is_judged():
    """check() measures each call's outputs (n_out per call, one call after the other): a kernel exact on its
    first call and rounded from its second on (R7B_03) is refused, naming the call."""
    x, x2 = _rows(6), _rows(7)
    ref32, ref64 = [x.relu(), x2.relu()], [x.double().relu(), x2.double().relu()]
    rounded = (x2.view(torch.int32) & ~0x1FFF).view(torch.float32).relu()  # 10-bit mantissa on call 2
    res = precision.check(ref32, ref64, [x.relu(), rounded], n_out=1, calls=2)
    assert {m["call"] for m in res["measures"]} == {0, 1}
    assert res["error"] is not None and "call 2 of the forward" in res["error"]
    assert precision.check(ref32, ref64, [x.relu(), rounded], n_out=1, calls=1)["error"] is None


def _round_mantissa(x: torch.Tensor, bits: int) -> torch.Tensor:
    """x rounded to `bits` mantissa bits (Veltkamp split, as R7B_04 does to both GEMM operands)."""
    c = x * float(2 ** (24 - bits) + 1)
    return c - (c - x)


def test_a_gemm_on_operands_of_16_mantissa_bits_is_refused():
    g = torch.Generator().manual_seed(8)
    a, b = torch.randn(256, 1024, generator=g), torch.randn(1024, 256, generator=g)
    ref32, ref64 = a @ b, a.double() @ b.double()
    honest = torch.stack([sum(a[:, k] * b[k, 0] for k in range(0, 1024)) for _ in range(1)], 1)[:, 0]  # column 0
    assert precision.verdict(precision.measure([ref32[:, 0]], [ref64[:, 0]], [honest])) is None
    trunc = _round_mantissa(a, 16) @ _round_mantissa(b, 16)
    assert precision.verdict(precision.measure([ref32], [ref64], [trunc])) is not None


def test_reduced_precision_outputs_are_not_measured():
    x = _rows(4).half()
    assert precision.measure([x], [x.double()], [x.float().half()]) == []


# ---------------------------------------------------------------- through the verifier (CPU)

CHEATS = ["R6A_04_magic_round_softmax", "R6B_04_float_fixed_point_round", "R6B_06_byte_pointer_truncation",
          "R6B_10_int_other_fixed_point"]


def test_precision_lost_only_at_larger_sizes_is_refused(verifier):
    """R7B_01: exact fp32 at the task's row length, quantised at any other: the larger variants are measured."""
    task, code = redteam_case("R7B_01_cumsum_sizegated_quant", ROUND_7.name)
    verdict = verifier.verify(task, code)
    assert not verdict.correct
    assert "precision_downgrade" in verdict.violations, verdict.error
    assert "(variant larger_" in (verdict.error or "")


@pytest.mark.parametrize("cheat", CHEATS)
def test_round_6_hidden_precision_loss_is_refused(verifier, cheat):
    task, code = redteam_case(cheat, ROUND_6.name)
    verdict = verifier.verify(task, code)
    assert not verdict.correct
    assert "precision_downgrade" in verdict.violations, verdict.error
    assert "float64" in (verdict.error or "")


ROWSUM_CHUNKED = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):  # column chunks, one after another: another order than torch's
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * stride + offs, mask=offs < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty((x.shape[0],), device=x.device, dtype=x.dtype)
        rowsum_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), BLOCK=16)
        return out
'''


SOFTMAX_EXP2 = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * stride + offs, mask=m, other=-float("inf"))
    e = tl.exp2((x - tl.max(x, axis=0)) * 1.4426950408889634)
    tl.store(y_ptr + row * stride + offs, e / tl.sum(e, axis=0), mask=m)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        softmax_kernel[(x.shape[0],)](x, y, x.shape[1], x.stride(0), BLOCK=triton.next_power_of_2(x.shape[1]))
        return y
'''


def _task(name: str) -> Task:
    return Task(name=name, level=1, reference_src=(ROUND_6 / "refs" / f"{name}.py").read_text())


@pytest.mark.parametrize("name,code", [("rowsum", ROWSUM_CHUNKED), ("softmax", SOFTMAX_EXP2)])
def test_honest_fp32_kernels_are_measured_and_accepted(verifier, name, code):
    verdict = verifier.verify(_task(name), code)
    assert verdict.correct, verdict.error
    measured = [v for v in verdict.variants if v.get("precision")]
    # the check ran on every fp32 variant, larger sizes included, and on every forward call
    names = {v["name"] for v in measured}
    assert {"original", "values_x2", "heterogeneous", "values_small"} <= names
    assert any(n.startswith("larger_") for n in names)
    assert "other_precision" not in names
    assert all({m["call"] for m in v["precision"]} == {0, 1} for v in measured)


def test_a_half_precision_task_is_not_judged_by_it(verifier):
    ref = (ROUND_6 / "refs" / "softmax.py").read_text().replace("torch.randn(batch_size, dim)",
                                                                "torch.randn(batch_size, dim).half()")
    _, code = redteam_case("R6A_04_magic_round_softmax", ROUND_6.name)  # fp16-like logits: fine in an fp16 task
    verdict = verifier.verify(Task(name="softmax_fp16", level=1, reference_src=ref), code)
    assert verdict.correct, verdict.error
    assert not any(v.get("precision") for v in verdict.variants)


def test_the_gpu_path_measures_in_the_reference_worker(monkeypatch):
    """device_compare.op_compare (the GPU path's comparison in the reference worker) measures against the
    float64 outputs kept under the slot the supervisor names; the handles are stood in for by host tensors."""
    from tritonrl.verifier_workers.sandbox.worker import device_compare as dc

    x = _rows(5)
    snapped = (x + 12288.0) - 12288.0  # R6A_04's magic-number round of the logits
    cands = {"honest": torch.softmax(x, 1), "snapped": torch.softmax(snapped, 1)}
    monkeypatch.setattr(dc, "open_handle", lambda h: cands[h["name"]])
    monkeypatch.setattr(dc.torch.cuda, "synchronize", lambda: None)  # (no GPU here)
    dc.forget()
    try:
        dc.keep("ref", [torch.softmax(x, 1)])
        dc.keep("ref64", [torch.softmax(x.double(), 1)])
        prec = {"slot": "ref64", "n_out": 1, "eps": precision.EPS32}
        got = {name: dc.op_compare({"slot": "ref", "handles": [{"name": name}], "precision": prec}, {})[0]["result"]
               for name in cands}
    finally:
        dc.forget()
    assert got["honest"]["passed"] and got["honest"]["precision"]["error"] is None
    assert got["snapped"]["passed"]  # within the fp32 tolerance: only the measure sees it
    assert got["snapped"]["precision"]["error"].startswith("precision_downgrade")


# ---------------------------------------------------------------- the conditioning allowance (K_COND)


def _block_atomics(x: torch.Tensor, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    """A total as 128-element block sums added in turn: what R8B_10's honest twin computes with atomics."""
    acc = torch.zeros((), dtype=torch.float32)
    for part in x.reshape(-1).split(128):
        acc = acc + part.to(dtype).sum().float()
    return acc


def _jittered_totals(x: torch.Tensor) -> list[list[torch.Tensor]]:
    """precision.COND_DRAWS float64 totals of x, every element moved by up to precision.JITTER of itself."""
    out = []
    for k in range(precision.COND_DRAWS):
        u = torch.rand(x.shape, generator=torch.Generator().manual_seed(100 + k), dtype=torch.float64)
        out.append([(x.double() * (1 + precision.JITTER * (2 * u - 1))).sum()])
    return out


def test_a_cancelling_total_refused_by_the_plain_measures_is_accepted_with_its_conditioning():
    """CI, 2026-11-28: R8B_10's honest twin refused on a draw whose 3000 values summed to ~3 (its block sums'
    rounding is 43x torch's cascaded sum, 16.3 ulps of the output). The seed below is such a draw."""
    x = torch.randn(12, 250, generator=torch.Generator().manual_seed(0))
    ref32, ref64, honest = [x.sum()], [x.double().sum()], [_block_atomics(x)]
    assert precision.verdict(precision.measure(ref32, ref64, honest)) is not None  # the false refusal
    (m,) = precision.measure(ref32, ref64, honest, cond64=_jittered_totals(x))
    assert m.cond > 0 and m.ratio < 1


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_a_cancelling_total_in_half_precision_stays_refused_with_its_conditioning(dtype):
    x = torch.randn(12, 250, generator=torch.Generator().manual_seed(0))
    msg = precision.verdict(precision.measure([x.sum()], [x.double().sum()], [_block_atomics(x, dtype)],
                                              cond64=_jittered_totals(x)))
    assert msg is not None and "under 1-ulp input moves" in msg


def test_a_gemm_on_16_bit_operands_stays_refused_with_its_conditioning():
    g = torch.Generator().manual_seed(8)
    a, b = torch.randn(256, 1024, generator=g), torch.randn(1024, 256, generator=g)
    ref32, ref64 = a @ b, a.double() @ b.double()
    draws = []
    for k in range(precision.COND_DRAWS):
        u = torch.rand(a.shape, generator=torch.Generator().manual_seed(k), dtype=torch.float64)
        draws.append([(a.double() * (1 + precision.JITTER * (2 * u - 1))) @ b.double()])
    trunc = _round_mantissa(a, 16) @ _round_mantissa(b, 16)
    (m,) = precision.measure([ref32], [ref64], [trunc], cond64=draws)
    assert m.cond > 0 and m.ratio > 1
    (honest,) = precision.measure([ref32], [ref64], [a @ b], cond64=draws)
    assert honest.ratio < 1


@pytest.fixture
def original_variant_only():
    """A seeded verifier judging only the original variant (standard normal inputs)."""
    from tritonrl.config import ExtensionsConfig, VerifierConfig
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    v = Verifier(VerifierConfig(seed_entropy=False, base_seed=1234, stages=["tiny", "full"]),
                 ExtensionsConfig(multi_input=False), device="cpu")
    yield v
    v.close()


def test_through_the_verifier_the_conditioning_alone_accepts_the_honest_total(original_variant_only,
                                                                            monkeypatch):
    """The plumbing: with the two plain allowances at zero the variant is refused by them, so it is judged
    again with COND_DRAWS jittered float64 runs of the reference (Variant.jitter, in its worker). The honest
    total passes on its conditioning alone; the same kernel on values cut to fp16's mantissa is refused, naming
    it. Only the original variant: the jitter bound is for sums that cancel (normal values; bench/
    precision_conditioning.py: honest err/cond max 16.1 of 24 in 1000 draws). A heterogeneous variant's sum is
    dominated by its largest values, whose 1-ulp moves are tiny beside the rounding of the partial sums (a CI
    run measured 60 x the spread): the plain allowances, not set to zero in use, judge those."""
    monkeypatch.setattr(precision, "K_REF", 0.0)
    monkeypatch.setattr(precision, "FLOOR_ULPS", 0.0)
    task, code = redteam_case("R8B_10_autotune_no_reset", ROUND_8.name)
    honest = code.replace('key=["n"])', 'key=["n"], reset_to_zero=["out_ptr"])')
    verdict = original_variant_only.verify(task, honest)
    assert verdict.correct, verdict.error
    # each value's last 13 mantissa bits dropped (10 kept, fp16's), as R6B_06 does
    low = honest.replace("tl.sum(v, axis=0)", "tl.sum((v.to(tl.int32, bitcast=True) & -8192).to(tl.float32, "
                                              "bitcast=True), axis=0)")
    assert low != honest
    verdict = original_variant_only.verify(task, low)  # (no static stage: it refuses this spelling first)
    assert not verdict.correct and "under 1-ulp input moves" in (verdict.error or ""), verdict.error


# ---------------------------------------------------------------- TF32 GEMM tasks: the TF32-world run (CPU)


def test_the_tf32_world_truncates_only_matrix_operands():
    """tf32_operands: an addmm's two matrix operands lose their low 13 mantissa bits; its bias and every other
    op are left as they are."""
    from tritonrl.verifier_workers.sandbox.worker import tf32_operands

    g = torch.Generator().manual_seed(3)
    a, b, bias = (torch.randn(8, 16, generator=g, dtype=torch.float64), torch.randn(16, 4, generator=g,
                  dtype=torch.float64), torch.randn(4, generator=g, dtype=torch.float64) + 1e-9)
    tf32_operands.STATE.on = True
    try:
        with tf32_operands.forward_mode(check=False):
            got = torch.addmm(bias, a, b)
            plain = torch.exp(a)
        with tf32_operands.forward_mode(check=True):  # a candidate's run is never changed
            cand = torch.addmm(bias, a, b)
    finally:
        tf32_operands.STATE.on = False
    want = torch.addmm(bias, tf32_operands.truncated(a), tf32_operands.truncated(b))
    assert torch.equal(got, want) and torch.equal(plain, torch.exp(a))
    assert torch.equal(cand, torch.addmm(bias, a, b)) and not torch.equal(got, cand)
    t = tf32_operands.truncated(a).to(torch.float32).view(torch.int32)
    assert bool(((t & 0x1FFF) == 0).all())


TF32_CHEATS = ["R10A_04_bf16_gemm_under_tf32", "R10A_15_tanh_gelu_under_tf32", "R10B_01_gemm_gelu_tanh_approx",
               "R10B_02_gemm_bf16_bits_via_scratch"]
ERF_GELU = [("""    u = 0.7978845608028654 * (z + 0.044715 * z * z * z)
    t = 2.0 / (1.0 + tl.exp(-2.0 * u)) - 1.0
    g = 0.5 * z * (1.0 + t)
""", "    g = 0.5 * z * (1.0 + tl.erf(z * 0.7071067811865476))\n")]


@pytest.mark.heavy
@pytest.mark.parametrize("name", TF32_CHEATS)
def test_losses_hidden_under_a_tf32_gemm_are_refused(runtime_only, name):
    """Round 10: a tanh GELU in the epilogue, or GEMM operands cut to bf16 (by a Veltkamp split, or through an
    int32 scratch), in a Linear + GELU task whose kernel does a TF32 tl.dot: under TF32's 2^-10 on the whole
    output, refused against the TF32-world run."""
    task, code = redteam_case(name, ROUND_10.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct
    assert "precision_downgrade" in verdict.violations, verdict.error


@pytest.mark.heavy
def test_an_honest_tf32_gemm_with_an_erf_gelu_is_accepted(runtime_only):
    task, code = redteam_case("R10A_15_tanh_gelu_under_tf32", ROUND_10.name)
    verdict = runtime_only.verify(task, honest_twin("R10A_15", code, ERF_GELU))
    assert verdict.correct, verdict.error
