"""Interpreter ops computed as a GPU may compute them: a fused fma (and `a * b + c` contracted into one, as
Triton's default fp fusion does), and reorderable reshapes that reorder.

Red-team round 6: R6B_02 told the interpreter from a GPU by `fma(p, p, -(p * p)) == 0` (numpy rounded the
product first; a GPU's fma.rn gives the product's rounding error) and skipped its work on a GPU; R6B_05 stored
`tl.reshape(x, ..., can_reorder=True)` as if in row-major order, which only the interpreter kept. Now
(sandbox/worker/interpreter_arith.py, interpreter_reorder.py) fma rounds once, and a reshape that may reorder
does, by a permutation fixed per launch and shapes: order-independent uses (a reduction) stay right.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.sandbox.worker.interpreter_arith import fused_fma
from tritonrl.verifier_workers.sandbox.worker.interpreter_reorder import new_launch, reorder_reshape
from tritonrl.verifier_workers.sandbox.worker.triton_shims import reordered_cat

from helpers import ROUND_6, redteam_case


def _exact_fma(a: float, b: float, c: float) -> float:
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def test_fma_rounds_once_like_a_gpu():
    p = np.array([0.1], dtype=np.float32)
    assert (p * p - p * p)[0] == 0.0  # numpy's unfused answer, the interpreter detector
    got = fused_fma(p, p, -(p * p))
    assert got.dtype == np.float32 and got[0] != 0.0
    assert got[0] == np.float32(_exact_fma(float(p[0]), float(p[0]), -float(p[0] * p[0])))
    rng = np.random.default_rng(0)
    a, b, c = rng.normal(size=(3, 200)) * 1e3
    want = [_exact_fma(*t) for t in zip(a, b, c)]
    assert fused_fma(a, b, c).tolist() == want  # fp64: exact to the last bit on these


def test_a_reorderable_reshape_permutes_the_same_way_within_a_launch():
    new_launch()
    x = np.arange(64.0).reshape(8, 8)
    y = reorder_reshape(x, (64,), True)
    assert not np.array_equal(y, np.arange(64.0))  # a row-major store is wrong, as it may be on a GPU
    assert sorted(y.tolist()) == list(range(64)) and y.sum() == x.sum()  # a reduction stays right
    assert np.array_equal(reorder_reshape(x * 2, (64,), True), y * 2)  # one layout per launch and shapes
    assert np.array_equal(reorder_reshape(x, (64,), False), np.arange(64.0))  # no can_reorder: row-major
    assert np.array_equal(reorder_reshape(x, (8, 1, 8), True), x.reshape(8, 1, 8))  # only unit dims added


def test_cat_reorders_by_the_launch_permutation_not_a_fixed_reversal():
    a, b = np.arange(8.0), np.arange(8.0, 16.0)
    seen = set()
    for _ in range(4):
        new_launch()
        out = reordered_cat(a, b)
        assert sorted(out.tolist()) == list(range(16))
        seen.add(tuple(out.tolist()))
    assert len(seen) > 1  # no kernel can undo a permutation it cannot know


PROBE = '''
import torch, triton, triton.language as tl
from triton.language.extra import libdevice
from tritonrl.verifier_workers.sandbox.worker import launches
launches.install_hooks()

@triton.jit
def fma_probe(out_ptr):
    p = (tl.program_id(0) * 0 + 1).to(tl.float32) * 0.1
    tl.store(out_ptr, tl.fma(p, p, -(p * p)))
    tl.store(out_ptr + 1, libdevice.fma(p, p, -(p * p)))
    tl.store(out_ptr + 2, tl.fma(p, 3.0, 1.0))
    r = p * p
    tl.store(out_ptr + 3, p * p - r)  # contracted into fma(p, p, -r) by the GPU compiler (fp fusion)
    tl.store(out_ptr + 4, tl.where(p > 0, p * p, 0.0) - tl.where(p > 0, r, 0.0))  # selects between: none

@triton.jit
def row_sums(x_ptr, flat_ptr, sum_ptr, R: tl.constexpr, C: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, R)[:, None] * C + tl.arange(0, C)[None, :])
    y = tl.reshape(x, (R * C,), can_reorder=True)
    tl.store(flat_ptr + tl.arange(0, R * C), y)
    tl.store(sum_ptr, tl.sum(y, axis=0))
    tl.store(sum_ptr + 1, tl.sum(tl.view(x, (R * C,)), axis=0))

o = torch.zeros(5)
fma_probe[(1,)](o)
print("fma", o[0].item() != 0.0, o[1].item() == o[0].item(), abs(o[2].item() - 1.3) < 1e-6, o[3].item() == o[0].item(),
      o[4].item())
x = torch.arange(64.0)
flat, s = torch.empty(64), torch.empty(2)
row_sums[(1,)](x, flat, s, R=8, C=8)
print("reshape", torch.equal(flat, x), torch.equal(flat.sort().values, x), s.tolist())
'''


def test_fma_and_reorderable_reshapes_under_the_interpreter(tmp_path: Path):
    script = tmp_path / "probe.py"
    script.write_text(textwrap.dedent(PROBE))
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.splitlines() == ["fma True True True True 0.0", "reshape False True [2016.0, 2016.0]"]


HONEST_ROWSUM = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_kernel(x_ptr, y_ptr, cols, BC: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BC)
    v = tl.load(x_ptr + r * cols + c, mask=c < cols, other=0.0)
    pairs = tl.reshape(v, (BC // 2, 2), can_reorder=True)  # any order: only summed
    s = tl.sum(tl.sum(pairs, axis=1), axis=0)
    tl.store(y_ptr + r, tl.fma(s, 1.0, 0.0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, cols = x.shape
        y = torch.empty(rows, device=x.device, dtype=x.dtype)
        rowsum_kernel[(rows,)](x, y, cols, BC=max(2, triton.next_power_of_2(cols)))
        return y
'''


@pytest.mark.extended  # the probe above runs the mechanism in CI; the whole cheats with `make test-all`
@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R6B_02_fma_interpreter_probe", "R6B_05_reshape_can_reorder"])
def test_round_6_interpreter_semantics_cheats_are_wrong(runtime_only, name):
    task, code = redteam_case(name, ROUND_6.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "wrong output" in (verdict.error or ""), (verdict.violations, verdict.error)


@pytest.mark.heavy
def test_an_honest_reorderable_reshape_and_fma_are_accepted(verifier):
    task = Task(name="rowsum", level=1, reference_src=(ROUND_6 / "refs" / "rowsum.py").read_text())
    verdict = verifier.verify(task, HONEST_ROWSUM)
    assert verdict.correct, (verdict.violations, verdict.error)
