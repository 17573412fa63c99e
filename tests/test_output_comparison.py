"""How outputs are judged: the variants (values x2, new seed, heterogeneous values, larger shapes, other
precision) and what each catches or declines, every forward call's outputs compared, and outputs that share
memory with each other or with an input.

- wrong answers fail the variant built for them (a hard-coded output, a shape-specialised kernel, a cache
  across calls); a kernel fixed to the task's shape declines the larger-shapes variant, but a wrong answer
  in a declinable variant still fails; an fp32 result for fp16 inputs is judged by its value;
- the heterogeneous-values variant closes shortcuts that hold only for i.i.d. Gaussian inputs (the first row
  for all rows; a loss from the first half of the columns, or every 2nd/4th/8th column, scaled up): it ramps
  the last dim the same way for every input, and is skipped where the reference is undefined on it.
"""
import pytest
import torch

from tritonrl.config import ToleranceConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.sandbox.worker import build
from tritonrl.verifier_workers.sandbox.worker.output_checks import check_outputs
from tritonrl.verifier_workers.static.checks import check_source

from helpers import HEAD, RELU_REF, RELU_SMALL_HONEST, RELU_SMALL_TASK, TASK, relu_small_model


WRONG = {
    # a hard-coded output, precomputed for one seed at import
    "hard_coded_output": (relu_small_model("launch(x, torch.empty_like(x))\nreturn HARD.clone()",
                                           extra="\ntorch.manual_seed(42)\nHARD = torch.rand(4, 256)\n"),
                          "tiny"),
    # correct only up to the tested size: fails the larger-shapes variant
    "shape_specialised": (relu_small_model("return launch(x, torch.zeros_like(x), n=min(x.numel(), 1024))"),
                          "larger_shapes"),
    # caches the output by shape across calls (still launching): a model's second call, on inputs of which a
    # share changed, gets a stale answer (already at the shrunken sizes)
    "cache_across_calls": (relu_small_model('''
out = launch(x, torch.empty_like(x))
return CACHE.setdefault(tuple(x.shape), out).clone()''', extra="\nCACHE = {}\n"), "tiny"),
}


def test_honest_candidate_passes(unchecked):
    verdict = unchecked.verify(RELU_SMALL_TASK, RELU_SMALL_HONEST)
    assert verdict.correct, verdict.error
    names = [var["name"] for var in verdict.variants]
    assert names[:5] == ["original", "values_x2", "new_seed", "heterogeneous", "larger_shapes"]
    # larger_past_tile only where the drawn sizes passed no tile of the kernel's (funnel/candidate_tiles.py)
    assert set(names[5:]) <= {"larger_other_dims", "larger_more_dims", "larger_past_tile", "other_precision",
                              "values_small"}
    assert "other_precision" in names and "values_small" in names
    assert all(var["passed"] and var["atol"] is not None for var in verdict.variants)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_wrong_answers_fail_the_right_variant(unchecked, name):
    code, variant = WRONG[name]
    verdict = unchecked.verify(RELU_SMALL_TASK, code)
    assert not verdict.correct
    failed = [v["name"] for v in verdict.variants if not v["passed"]]
    if variant == "tiny" and "output_cache" in verdict.violations:  # module state holding a tensor: refused
        return  # at run time (state_poison's reach) before any output is compared
    if variant == "tiny":  # caught before the full stage, on the shrunken sizes
        assert verdict.stage == "compile" and not verdict.stages["tiny"]["passed"], verdict.error
    else:
        assert failed == [variant], (verdict.error, verdict.variants)
    assert "wrong output" in verdict.error


def test_every_call_is_compared(verifier):
    # right under no_grad (the first call), wrong under enable_grad (the second): zeros there
    code = HEAD + """

class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.zeros_like(x)
        n = x.numel() if not torch.is_grad_enabled() else 0
        relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, n, BLOCK_SIZE=256)
        return out
"""
    assert not check_source(code)
    verdict = verifier.verify(TASK, code)
    # since round 8 output provenance may refuse it first (`host_output`: the stale output is not a launch's)
    assert not verdict.correct and any(s in (verdict.error or "") for s in ("call 2", "host_output")), verdict.error


def test_disjoint_views_of_one_buffer_are_separate_outputs():
    y = torch.randn(4, 12)
    assert check_outputs(list(y.chunk(3, dim=1)), [], "cpu") == []  # interleaved column blocks
    assert check_outputs([y[:2], y[2:]], [], "cpu") == []
    assert check_outputs([y[:, :5], y[:, 4:]], [], "cpu") == ["output_alias"]  # column 4 in both
    assert check_outputs([y[0]], [y], "cpu") == ["output_alias"]  # an input's memory, never


# TorchInductor's output as KernelBook has it, header and all (grid, raw stream, device guard, CUDA buffers,
# Inductor's Triton helpers, an unused extern_kernels), for the reference's fixed shape
KERNELBOOK_RELU = '''
import torch
from torch._inductor.select_algorithm import extern_kernels
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import grid
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
from torch._inductor.runtime import triton_helpers
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
import torch.nn as nn
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda


@triton.jit
def triton_poi_fused_relu_0(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    xnumel = 1024
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + x0, xmask)
    tmp1 = tl.full([1], 0, tl.int32)
    tmp2 = triton_helpers.maximum(tmp1, tmp0)
    tl.store(out_ptr0 + x0, tmp2, xmask)


def call(args):
    arg0_1, = args
    args.clear()
    assert_size_stride(arg0_1, (4, 256), (256, 1))
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        buf0 = empty_strided_cuda((4, 256), (256, 1), torch.float32)
        get_raw_stream(0)
        triton_poi_fused_relu_0[grid(1024)](arg0_1, buf0, 1024, XBLOCK=256, num_warps=4, num_stages=1)
        del arg0_1
    return buf0,


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, input_0):
        output = call([input_0])
        return output[0]
'''


RELU_SIZED_REF = RELU_REF.replace("torch.randn(4, 256)", "torch.randn(batch_size, 256)").replace(
    "def get_inputs", "batch_size = 4\n\ndef get_inputs")


def test_kernelbook_header_runs_on_cpu_and_its_size_assertion_fails_strict_shapes(verifier):
    verdict = verifier.verify(Task(name="relu_sized", level=1, reference_src=RELU_SIZED_REF), KERNELBOOK_RELU)
    assert not verdict.violations, verdict.violations
    variants = {r["name"]: r for r in verdict.variants}
    assert variants["new_seed"]["passed"] and not variants["new_seed"].get("skipped")
    # fixed to the task's shape by assert_size_stride: with strict shapes (the default) a raise at sizes the
    # reference accepts (and at powers of two, its retry) fails the full stage, for the credit of the stages before it
    assert not verdict.correct and verdict.stage in ("compile", "tiny")
    assert "raised at sizes the reference accepts" in verdict.error and "(variant larger_shapes" in verdict.error


# sums in fp32 whatever the input's precision, and returns fp32: right, and more precise in the fp16 variant
ROWSUM_REF = '''
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, x):
        return x.sum(dim=1)

dim = 64

def get_inputs():
    return [torch.randn(8, dim)]

def get_init_inputs():
    return []
'''


ROWSUM_FP32_OUT = HEAD + '''

@triton.jit
def rowsum_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols, other=0.0).to(tl.float32)
    tl.store(out_ptr + row, tl.sum(v, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty(x.shape[0], device=x.device, dtype=torch.float32)
        rowsum_kernel[(x.shape[0],)](x, out, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return out
'''


def test_fp32_result_for_fp16_inputs_is_judged_by_value(verifier):
    verdict = verifier.verify(Task(name="rowsum_r4", level=1, reference_src=ROWSUM_REF), ROWSUM_FP32_OUT)
    assert verdict.correct, verdict.error
    variants = {r["name"]: r for r in verdict.variants}
    assert variants["other_precision"]["passed"] and not variants["other_precision"].get("skipped")


def test_wrong_answer_in_a_declinable_variant_still_fails(verifier):
    # right for the task's 256 columns only (no mask): the larger-shapes variant gives a wrong answer
    code = ROWSUM_FP32_OUT.replace("BLOCK=triton.next_power_of_2(x.shape[1])", "BLOCK=64")
    verdict = verifier.verify(Task(name="rowsum_r4", level=1, reference_src=ROWSUM_REF), code)
    assert not verdict.correct and "larger_shapes" in (verdict.error or ""), verdict.error


# ---------------------------------------------------------------- the heterogeneous-values variant


# mean over rows of 1 - cos(a_i, b_i): for i.i.d. Gaussian rows every cos is ~0, so the first row alone
# (times the row count) gives the answer within tolerance; with heterogeneous values the rows differ
COSINE_REF = '''
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, a, b):
        return torch.mean(1 - torch.nn.functional.cosine_similarity(a, b, dim=1))

def get_inputs():
    return [torch.randn(16, 131072), torch.randn(16, 131072)]

def get_init_inputs():
    return []
'''


COSINE_KERNEL = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cos_loss_kernel(a_ptr, b_ptr, out_ptr, n_rows, D, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = 0.0
    for r in range(ROWS):
        a = tl.load(a_ptr + r * D + offs, mask=offs < D, other=0.0)
        b = tl.load(b_ptr + r * D + offs, mask=offs < D, other=0.0)
        cos = tl.sum(a * b) / tl.maximum(tl.sqrt(tl.sum(a * a)) * tl.sqrt(tl.sum(b * b)), 1e-8)
        acc += 1.0 - cos
    tl.store(out_ptr, acc * n_rows / ROWS / n_rows)


class ModelNew(nn.Module):
    def forward(self, a, b):
        a, b = a.contiguous(), b.contiguous()
        out = torch.empty((), device=a.device, dtype=torch.float32)
        cos_loss_kernel[(1,)](a, b, out, a.shape[0], a.shape[1], ROWS=ROWS_USED,
                              BLOCK=triton.next_power_of_2(a.shape[1]))
        return out
'''


COSINE_TASK = Task(name="cosine_loss_r5", level=1, reference_src=COSINE_REF)


@pytest.mark.heavy
@pytest.mark.extended  # 69 s on 2 cores; the class is also refused by test_precision_measured.py
def test_first_row_shortcut_fails_the_heterogeneous_variant(seeded_verifier):
    honest = seeded_verifier.verify(COSINE_TASK, COSINE_KERNEL.replace("ROWS=ROWS_USED", "ROWS=a.shape[0]"))
    assert honest.correct, (honest.violations, honest.error)
    variants = {r["name"]: r for r in honest.variants}
    assert variants["heterogeneous"]["passed"] and not variants["heterogeneous"].get("skipped")
    cheat = seeded_verifier.verify(COSINE_TASK, COSINE_KERNEL.replace("ROWS=ROWS_USED", "ROWS=1"))
    # 131072 columns: on i.i.d. inputs the first row is within 0.003 (sd) of the mean, within tolerance; the
    # measured precision (an error far beyond fp32's against float64) or the heterogeneous variant refuses it
    assert not cheat.correct and ("heterogeneous" in (cheat.error or "")
                                  or "precision_downgrade" in (cheat.error or "")), cheat.error


def test_heterogeneous_variant_is_skipped_where_the_reference_is_undefined(seeded_verifier):
    # the variant's offsets are >= 0, so a positive domain stays positive; a domain bounded above does not:
    # sqrt(1 - b) with b up to 1.3 is NaN in the reference, and the variant is skipped, not judged
    ref = COSINE_REF.replace("torch.mean(1 - torch.nn.functional.cosine_similarity(a, b, dim=1))",
                             "a + torch.sqrt(1 - b)").replace(
        "torch.randn(16, 131072), torch.randn(16, 131072)", "torch.rand(8, 64), torch.rand(8, 64) * 0.5")
    code = HEAD + '''

@triton.jit
def sqrt_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    tl.store(out_ptr + offs, a + tl.sqrt(1.0 - b), mask=m)


class ModelNew(nn.Module):
    def forward(self, a, b):
        a, b = a.contiguous(), b.contiguous()
        out = torch.empty_like(a)
        sqrt_kernel[(triton.cdiv(a.numel(), 256),)](a, b, out, a.numel(), BLOCK=256)
        return out
'''
    verdict = seeded_verifier.verify(Task(name="sqrt_r5", level=1, reference_src=ref), code)
    assert verdict.correct, (verdict.violations, verdict.error)
    het = {r["name"]: r for r in verdict.variants}["heterogeneous"]
    assert het["passed"] and "not finite" in het.get("skipped", ""), het


MSE_REF = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, predictions, targets):
        return torch.mean((predictions - targets) ** 2)

def get_inputs():
    return [torch.randn(16, 2048), torch.randn(16, 2048)]

def get_init_inputs():
    return []
"""


MSE_FIRST_COLUMNS = HEAD + """

@triton.jit
def mse_rows_kernel(p_ptr, t_ptr, part_ptr, C, COLS: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, COLS, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < COLS
        d = tl.load(p_ptr + row * C + offs, mask=m, other=0.0) - tl.load(t_ptr + row * C + offs, mask=m, other=0.0)
        acc += d * d
    tl.store(part_ptr + row, tl.sum(acc, axis=0) * (C / COLS))


@triton.jit
def finish_kernel(part_ptr, out_ptr, R, total, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr, tl.sum(tl.load(part_ptr + offs, mask=offs < R, other=0.0), axis=0) / total)


class ModelNew(nn.Module):
    def forward(self, predictions, targets):
        p, t = predictions.contiguous(), targets.contiguous()
        R, C = p.shape
        part = torch.empty(R, device=p.device, dtype=torch.float32)
        out = torch.empty((), device=p.device, dtype=torch.float32)
        mse_rows_kernel[(R,)](p, t, part, C, COLS=C // DIVISOR, BLOCK=512)
        finish_kernel[(1,)](part, out, R, R * C, BLOCK=triton.next_power_of_2(R))
        return out
"""


def test_loss_from_the_first_columns_fails_the_ramped_variant(verifier):
    task = Task(name="mse_r7", level=1, reference_src=MSE_REF)
    honest = verifier.verify(task, MSE_FIRST_COLUMNS.replace("DIVISOR", "1"))
    assert honest.correct, (honest.violations, honest.error)
    cheat = verifier.verify(task, MSE_FIRST_COLUMNS.replace("DIVISOR", "2"))
    # on i.i.d. inputs half of 2048 columns per row estimate the mean within ~1% (sometimes just outside the
    # tolerance); with the ramp the estimate is off by tens of percent
    assert not cheat.correct, cheat.error
    het = {r["name"]: r for r in cheat.variants}.get("heterogeneous")
    assert het is None or not het["passed"], het


def test_one_ramp_for_all_inputs():
    import torch

    from tritonrl.verifier_workers.sandbox.worker import build

    x = torch.ones(4, 1000)
    ratios = [float(y[:, :500].mean() / y[:, 500:].mean())
              for y in (build._mix(x, 11, ramp_seed=5), build._mix(x, 12, ramp_seed=5))]
    # the same direction for both inputs: opposite ramps on p and t would cancel in (p - t)**2
    assert all(r < 0.9 for r in ratios) or all(r > 1.1 for r in ratios), ratios


@pytest.mark.parametrize("ramp_seed", [1, 7, 12])
def test_mix_pattern_makes_strided_columns_a_biased_sample(ramp_seed):
    x = torch.randn(16, 4096, generator=torch.Generator().manual_seed(0))
    y = build._mix(x, 3, ramp_seed=ramp_seed)
    full = float(y.pow(2).mean())
    # a mean square from every 2nd (or 4th, 8th) column alone, as a subsampling kernel would compute it
    off = [abs(float(y[:, k::s].pow(2).mean()) / full - 1) for s in (2, 4, 8) for k in range(2)]
    assert min(off) > 0.1, off


@pytest.mark.parametrize("kind", ["close", "one_off", "nan_inf", "all_off"])
def test_chunked_comparison_gives_the_figures_of_a_whole_one(monkeypatch, kind):
    """Outputs are compared CHUNK elements at a time (whole float64 copies of a large output ran the GPU
    reference worker out of memory); chunking must not change a verdict or its figures."""
    from tritonrl.verifier_workers.sandbox import compare

    g = torch.Generator().manual_seed(3)
    r = torch.randn(37, 29, generator=g)
    c = r + 1e-4 * torch.randn(37, 29, generator=g)
    if kind == "one_off":
        c[20, 3] += 1.0
    elif kind == "nan_inf":
        r[1, 1] = c[1, 1] = float("nan")
        r[2, 2] = c[2, 2] = float("inf")
    elif kind == "all_off":
        c = c + 0.05
    whole = compare.compare_outputs([r], [c], ToleranceConfig())
    monkeypatch.setattr(compare, "CHUNK", 100)  # 11 chunks of a 1073-element output
    chunked = compare.compare_outputs([r], [c], ToleranceConfig())
    assert chunked["passed"] == whole["passed"] == (kind in ("close", "nan_inf"))
    assert chunked["error"] == whole["error"]
    for k in ("max_abs_err", "max_rel_err", "atol_scale"):
        assert chunked[k] == pytest.approx(whole[k], rel=1e-9)


def test_chunked_precision_measure_gives_the_figures_of_a_whole_one(monkeypatch):
    from tritonrl.verifier_workers.sandbox import precision

    g = torch.Generator().manual_seed(5)
    r64 = torch.randn(1000, dtype=torch.float64, generator=g)
    r32, cand = r64.float(), (r64 + 1e-5 * torch.randn(1000, dtype=torch.float64, generator=g)).float()
    r32[7] = float("nan")
    whole = precision.measure([r32], [r64], [cand])[0]
    monkeypatch.setattr(precision, "CHUNK", 64)
    chunked = precision.measure([r32], [r64], [cand])[0]
    for k in ("err", "ref_err", "scale", "allowed"):
        assert getattr(chunked, k) == pytest.approx(getattr(whole, k), rel=1e-9)
    assert whole.err > 0 and whole.ref_err > 0
