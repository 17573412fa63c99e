"""The interpreter computes what a GPU computes where numpy differs (sandbox/worker/interpreter_arith.py).

Red-team round 5 (tests/data/redteam_2026_11_27b) passed kernels right only under numpy's semantics:
  * R5B_01: `tl.reduce` with a non-associative combine (`acc + relu(b)`, a zero seed first) that the
    interpreter's left fold makes right; a GPU combines in a tree;
  * R5B_02: a sign test by a float -> uint32 cast, which numpy wraps and PTX's cvt.rzi saturates;
  * R5B_03: a NaN test after `tl.maximum`, which numpy's maximum keeps and the GPU's max.f32 drops.
"""
from __future__ import annotations

import numpy as np
import pytest

from tritonrl.verifier_workers.sandbox.worker.interpreter_arith import clamp, saturating_cast, tree_reduce, tree_scan

from helpers import ROUND_5, redteam_case

CHEATS = ["R5B_01_nonassoc_reduce", "R5B_02_uint_wrap_relu", "R5B_03_nan_maxnum_relu"]


def test_float_to_int_casts_saturate_like_cvt_rzi():
    x = np.array([-1.5, -0.5, 0.0, 2.7, 3e9, -3e9, 5e9, np.nan, np.inf, -np.inf], dtype=np.float32)
    assert saturating_cast(x, np.uint32).tolist() == [0, 0, 0, 2, 3_000_000_000, 0, 2**32 - 1, 0, 2**32 - 1, 0]
    assert saturating_cast(x, np.int32).tolist() == [-1, 0, 0, 2, 2**31 - 1, -(2**31), 2**31 - 1, 0,
                                                     2**31 - 1, -(2**31)]
    assert saturating_cast(np.array([1e30, -1e30]), np.int64).tolist() == [2**63 - 1, -(2**63)]
    assert saturating_cast(np.array([300.0, -300.0]), np.int8).tolist() == [127, -128]


def test_clamp_drops_nan_unless_told_to_propagate_it():
    x = np.array([np.nan, -2.0, 0.5, 3.0])
    assert clamp(x, 0.0, 1.0, "PropagateNan.NONE").tolist() == [0.0, 0.0, 0.5, 1.0]
    assert np.isnan(clamp(x, 0.0, 1.0, "PropagateNan.ALL")[0])


def _add_relu(lefts, rights):  # the cheat's combine, on whole tiles
    return [lefts[0] + np.where(rights[0] > 0, rights[0], 0)]


def test_a_reduction_combines_neighbours_in_a_tree():
    x = np.array([0.0, 1.0, -2.0, 3.0])
    # ((0 + relu 1) + relu(-2 + relu 3)) = 1 + 1 = 2; the left fold gives 0 + 1 + 0 + 3 = 4
    assert tree_reduce([x], _add_relu)[0] == 2.0
    odd = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    assert tree_reduce([odd], lambda l, r: [l[0] + r[0]])[0] == 15.0  # an odd element is carried up


def test_a_tree_keeps_operand_order_so_associative_combines_stay_right():
    # a linear recurrence y = a*y + b: associative, not commutative
    a, bb = np.full(8, 0.5), np.arange(8.0)

    def lin(lefts, rights):
        return [lefts[0] * rights[0], lefts[1] * rights[0] + rights[1]]

    want, acc = [], 0.0
    for v in bb:
        acc = 0.5 * acc + v
        want.append(acc)
    assert np.allclose(tree_scan([a, bb], lin)[1], want)
    assert np.isclose(tree_reduce([a, bb], lin)[1], want[-1])


@pytest.mark.heavy
@pytest.mark.parametrize("name", [CHEATS[0], CHEATS[2]])  # the tree order; maxnum (no unit test of its own)
def test_numpy_only_arithmetic_is_refused(runtime_only, name):
    task, code = redteam_case(name, ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "wrong output" in (verdict.error or ""), (verdict.violations, verdict.error)


@pytest.mark.extended  # the rule's unit test above runs in CI; the whole cheat with `make test-all`
@pytest.mark.heavy
def test_a_wrapping_unsigned_cast_is_refused(runtime_only):
    task, code = redteam_case(CHEATS[1], ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "wrong output" in (verdict.error or ""), (verdict.violations, verdict.error)
