"""Pure parts of the timer, the comparison and the variants (no workers)."""
import math

import pytest
import torch

from tritonrl.config import ToleranceConfig
from tritonrl.verifier_workers.sandbox import compare
from tritonrl.verifier_workers.sandbox.worker import timing
from tritonrl.verifier_workers.funnel import variants


def test_trimmed_mean_drops_outliers_from_both_ends():
    xs = [1.0] * 8 + [100.0, -100.0]
    assert timing.trimmed_mean(xs, 0.1) == pytest.approx(1.0)
    assert timing.trimmed_mean(xs, 0.0) == pytest.approx(sum(xs) / 10)
    assert timing.trimmed_mean([5.0], 0.4) == 5.0


def test_cv_and_summary():
    assert timing.cv([2.0, 2.0, 2.0]) == 0.0
    assert timing.cv([1.0, 3.0]) == pytest.approx(0.5)
    s = timing.summarize([1.0, 2.0, 3.0, 4.0, 100.0], 0.2)
    assert s["mean_ms"] == pytest.approx(3.0) and s["n"] == 5 and s["min_ms"] == 1.0
    assert math.isclose(s["cv"], timing.cv([2.0, 3.0, 4.0]))
    with pytest.raises(ValueError):
        timing.cv([])


def test_compare_outputs_uses_dtype_tolerances():
    tol = ToleranceConfig()
    r = torch.ones(4, 4)
    assert compare.compare_outputs([r], [r + 5e-3], tol)["passed"]
    bad = compare.compare_outputs([r], [r + 0.1], tol)
    assert not bad["passed"] and "differ" in bad["error"] and bad["atol"] == tol.float32[0]
    assert "shape" in compare.compare_outputs([r], [r[:2]], tol)["error"]
    assert "dtype" in compare.compare_outputs([r], [r.half()], tol)["error"]
    nan = torch.tensor([float("nan"), 1.0])
    assert compare.compare_outputs([nan], [nan.clone()], tol)["passed"]
    assert not compare.compare_outputs([nan], [torch.tensor([0.0, 1.0])], tol)["passed"]
    assert not compare.compare_outputs([torch.tensor([1, 2])], [torch.tensor([1, 3])], tol)["passed"]


def test_compare_outputs_scales_atol_with_the_output_and_checks_the_whole():
    tol = ToleranceConfig()
    g = torch.Generator().manual_seed(0)
    # a GEMM-like output (RMS 16) with TF32-sized errors: near-zero elements would fail a fixed atol of 1e-2
    r = 16 * torch.randn(64, 64, generator=g)
    noisy = r + 16 * 1e-3 * torch.randn(64, 64, generator=g)
    assert compare.compare_outputs([r], [noisy], tol)["passed"]
    # outputs far below atol (an L1-normalised row, ~3e-4): zeros pass elementwise, not as a whole
    small = 3e-4 * torch.rand(4, 4096, generator=g)
    res = compare.compare_outputs([small], [torch.zeros_like(small)], tol)
    assert not res["passed"] and "as a whole" in res["error"]
    assert compare.compare_outputs([small], [small * (1 + 1e-4)], tol)["passed"]
    # noise-level outputs (a difference of nearly equal terms) with honest rounding errors still pass
    tiny = 1e-8 * torch.randn(128, generator=g)
    assert compare.compare_outputs([tiny], [tiny + 1e-7 * torch.randn(128, generator=g)], tol)["passed"]


def test_fingerprints_flag_the_first_bad_trial():
    assert compare.compare_fingerprints([1.0, 2.0], [1.0, 2.0], [1.0, 2.0], 10.0, 1e-2, 1e-2) is None
    assert compare.compare_fingerprints([1.0, 2.0], [1.0, 2.0], [1.0, 9.0], 10.0, 1e-2, 1e-2) == 1


REF = """
import torch
M = 64
K = 32
N = 16
dim = 8
SHAPE = (M, K)

class Model(torch.nn.Module):
    def __init__(self, d):
        super().__init__()

def get_inputs():
    return [torch.randn(M, K), torch.randn(K, N), torch.randn(dim)]

def get_init_inputs():
    return [dim]
"""


def test_overrides_and_free_dims():
    assert variants.free_dims(REF) == ["M", "K", "N"]  # sizes by use: M and K shape an input through SHAPE
    src = variants.apply_overrides(REF, {"N": 5})
    assert variants.int_constants(src)["N"] == 5 and variants.int_constants(src)["M"] == 64
    assert variants.tiny_overrides(REF, {}) == {"M": 3, "K": 5, "N": 7}
    assert variants.shared_dims(REF) == ["dim"]  # sizes the input and the weights
    plan = variants.larger_plan(REF, {"N": 4}, seed=2)  # every size grows in one of the larger variants
    assert sorted(k for step in plan for k in step) == ["K", "M", "N", "dim"]
    assert all(step[k] > (4 if k == "N" else variants.int_constants(REF)[k]) for step in plan for k in step)
    assert variants.tiny_overrides("import torch\nB = 2\ndef get_inputs():\n    return [torch.randn(B)]\n", {}) is None


def test_variant_set():
    names = [v.name for v in variants.multi_input_variants(REF, {}, [1, 2, 3], "cpu", True)]
    assert names == ["original", "values_x2", "new_seed", "heterogeneous", "larger_shapes", "larger_other_dims",
                     "other_precision", "values_small"]
    assert [v.name for v in variants.multi_input_variants(REF, {}, [1, 2, 3], "cpu", False)] == ["original"]
    gpu = variants.multi_input_variants(REF, {}, [1, 2, 3], "cuda", True)
    assert gpu[-2].dtype == "float16" and gpu[0].grad_modes == ["no_grad", "enable_grad"]  # fp16 everywhere
