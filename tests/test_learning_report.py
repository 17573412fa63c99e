"""bench/learning_report.py: the factorial effects it prints, computed by hand."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench"))
from learning_report import factorial_effects  # noqa: E402


def test_main_effects_and_interaction_of_a_full_factorial():
    y = lambda a, b: a + 2 * b + 4 * a * b  # noqa: E731
    cells = [({"A": bool(a), "B": bool(b)}, float(y(a, b))) for a in (0, 1) for b in (0, 1)]
    eff = factorial_effects(cells, ["A", "B"])
    assert eff["A"] == pytest.approx((1 + 7) / 2 - (0 + 2) / 2)  # mean(y | A on) - mean(y | A off) = 3
    assert eff["B"] == pytest.approx((2 + 7) / 2 - (0 + 1) / 2)
    assert eff["A x B"] == pytest.approx(((7 - 2) - (1 - 0)) / 2)  # half the change of A's effect when B is on


def test_no_interaction_when_effects_add_up():
    cells = [({"A": bool(a), "B": bool(b)}, 3.0 * a - 1.0 * b) for a in (0, 1) for b in (0, 1)]
    assert factorial_effects(cells, ["A", "B"])["A x B"] == pytest.approx(0.0)
