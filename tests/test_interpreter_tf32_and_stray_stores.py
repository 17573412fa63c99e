"""Round 9's GPU-versus-interpreter holes and precision downgrades under the measure (red-team round 9, R9B).

  * R9B_03, R9B_12: a `tl.dot` of `1 + 2^-20` is exact in numpy, rounded by a GPU's TF32: the kernel told the
    interpreter from a GPU. The interpreter's fp32 `tl.dot` now reads its operands as TF32 unless the call asks
    `input_precision="ieee"`, so the GPU's path is the one judged (interpreter_dot.py);
  * R9B_07: a prefix sum as `tl.dot` with a triangular ones matrix: TF32 on a GPU. The TF32 allowance of the
    precision measure now holds only where the reference computes a matrix product (float64_runs.precision_eps);
  * R9B_01, R9B_14: no masks; the interpreter dropped the stray stores, a GPU writes other memory: a store
    outside the launch's tensors is `stray_store` at every size but the tiny stage's (interpreter_bounds.py);
  * R9A_13: a task whose reference accumulates in float64 accumulated in fp32: its fp32 outputs must now be
    within one fp32 ulp of the float64 run, element by element (precision.measure's `faithful`).
Unit tests first (fast); a few cases and their honest twins through the CPU verifier last (heavy, original
inputs only).
"""
from __future__ import annotations

import numpy as np
import pytest
import torch

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel.float64_runs import precision_eps
from tritonrl.verifier_workers.sandbox import precision
from tritonrl.verifier_workers.sandbox.worker.interpreter_dot import gpu_dot, tf32_truncate
from tritonrl.verifier_workers.sandbox.worker.task_moves import OpNames

from helpers import ROUND_9, honest_twin, redteam_case

# ---------------------------------------------------------------- tl.dot in TF32 (R9B_03, R9B_12, R9B_07)


def test_the_tf32_probe_sees_the_gpus_answer():
    probe = np.full((16, 16), 1.0 + 2.0 ** -20, np.float32)
    assert gpu_dot(probe, probe, "TF32")[0, 0] == 16.0  # what R9B_12 tests for "on a GPU"
    assert gpu_dot(probe, probe, "IEEE")[0, 0] > 16.0  # input_precision="ieee" stays exact fp32
    assert gpu_dot(probe, probe, "TF32x3")[0, 0] > 16.0  # the three-pass split keeps the low bits


def test_tf32_drops_13_mantissa_bits_toward_zero_and_keeps_nan_and_inf():
    x = np.array([1.0 + 2.0 ** -10 + 2.0 ** -11, -(1.0 + 2.0 ** -11), np.inf, np.nan], np.float32)
    t = tf32_truncate(x)
    assert t[0] == np.float32(1.0 + 2.0 ** -10) and t[1] == -1.0
    assert np.isinf(t[2]) and np.isnan(t[3])


def test_the_tf32_allowance_is_for_tf32_dots_in_matrix_product_tasks_only():
    assert precision_eps(True, ["addmm"]) == precision.EPS_TF32
    assert precision_eps(True, ["convolution"]) == precision.EPS_TF32
    assert precision_eps(True, []) == precision.EPS32  # a prefix sum by tl.dot: fp32's precision
    assert precision_eps(False, ["mm"]) == precision.EPS32  # an ieee dot (R7B_04) or none


def _forward_ops(fn, *inputs) -> set[str]:
    with OpNames(list(inputs)) as mode:
        fn(*inputs)
    return mode.names


def test_the_references_matrix_products_and_float64_compute_are_recorded():
    x, w = torch.randn(4, 8), torch.randn(8, 8)
    assert any(precision.matrix_product(n) for n in _forward_ops(torch.nn.functional.linear, x, w))
    assert not _forward_ops(lambda t: torch.cumsum(t, 1), x)
    f64 = _forward_ops(lambda t: torch.cumsum(t, 1, dtype=torch.float64).to(t.dtype), x)
    assert precision.FLOAT64_TASK in f64
    # float64 for part of the work only: not a float64 task
    assert precision.FLOAT64_TASK not in _forward_ops(lambda t: torch.exp(t).double().cumsum(1).float(), x)


# ---------------------------------------------------------------- a float64 task's fp32 outputs (R9A_13)


def _tree_cumsum(x: torch.Tensor) -> torch.Tensor:
    """A prefix sum in Hillis-Steele steps (the interpreter's tl.cumsum order), in x's dtype."""
    a, d = x.clone(), 1
    while d < a.shape[1]:
        a[:, d:] = a[:, :-d] + a[:, d:]
        d *= 2
    return a


def test_a_float64_task_computed_in_fp32_is_refused_per_element():
    x = torch.randn(8, 2048, generator=torch.Generator().manual_seed(0))
    ref64 = torch.cumsum(x.double(), 1)
    ref32 = ref64.float()
    cand = _tree_cumsum(x)
    loose = precision.check([ref32], [ref64], [cand], 1)
    assert loose["error"] is None  # under the RMS measure's floor: what R9A_13 relied on
    strict = precision.check([ref32], [ref64], [cand], 1, faithful=True)
    assert strict["error"] and "float64" in strict["error"]
    # accumulated in float64 in another order, then rounded: within half an ulp, never refused
    honest = precision.check([ref32], [ref64], [_tree_cumsum(x.double()).float()], 1, faithful=True)
    assert honest["error"] is None, honest


# ---------------------------------------------------------------- through the verifier (heavy)


@pytest.fixture(scope="module")
def original_only():
    """Tiny and full stages, the original inputs only: the rules judge every full-stage run, these suffice."""
    from tritonrl.config import ExtensionsConfig, VerifierConfig
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    v = Verifier(VerifierConfig(stages=["tiny", "full"], seed_entropy=True), ExtensionsConfig(multi_input=False),
                 device="cpu")
    yield v
    v.close()


# 1000 elements: a block of 256 leaves 24 lanes past the end at the task's own sizes
UNMASKED_REF = '''
import torch
import torch.nn as nn

batch_size = 4
dim = 250

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.relu(x) * 2.0

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []
'''

UNMASKED = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + offs, tl.maximum(x, 0.0) * 2.0)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        k[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
        return out
'''

# cheat name -> (text in the cheat, its honest replacement)
TWINS = {
    "R9B_07_dot_tf32_cumsum": [("tl.dot(x, tri)", 'tl.dot(x, tri, input_precision="ieee")')],
    "R9A_13_fp64_accumulation_in_fp32": [("y = tl.cumsum(x, axis=0)", "y = tl.cumsum(x.to(tl.float64), axis=0)")],
}


@pytest.mark.heavy
def test_a_store_past_the_tensors_is_refused_and_its_masked_twin_accepted(original_only):
    task = Task(name="relu_x2_1000", level=1, reference_src=UNMASKED_REF)
    verdict = original_only.verify(task, UNMASKED)
    assert not verdict.correct and "stray_store" in verdict.violations, (verdict.error, verdict.violations)
    masked = UNMASKED.replace("tl.maximum(x, 0.0) * 2.0)", "tl.maximum(x, 0.0) * 2.0, mask=offs < n)")
    verdict = original_only.verify(task, masked)
    assert verdict.correct, (verdict.error, verdict.violations)


@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R9B_03_tf32_detector_lowprec", *TWINS])
def test_round_9_precision_cases_are_refused(original_only, name):
    task, code = redteam_case(name, ROUND_9.name)
    verdict = original_only.verify(task, code)
    assert not verdict.correct and "precision_downgrade" in verdict.violations, (name, verdict.error)


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(TWINS))
def test_their_honest_twins_are_accepted(original_only, name):
    task, code = redteam_case(name, ROUND_9.name)
    verdict = original_only.verify(task, honest_twin(name, code, TWINS[name]))
    assert verdict.correct, (name, verdict.error, verdict.violations)
