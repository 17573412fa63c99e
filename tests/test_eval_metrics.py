"""KernelBench's metrics (tritonrl/evaluation/metrics.py, report.py) against values computed by hand."""
import json
import math

import pytest

from tritonrl.evaluation.metrics import (COMPILED, METRIC_NAMES, VALID, Outcome, bootstrap_interval, outcome,
                                          paired_difference, pass_at_k, per_task_counts, summarize)
from tritonrl.evaluation.factorial import factorial_effects
from tritonrl.evaluation.report import document, markdown_table, tracker_metrics, write_json
from tritonrl.verifier_workers.verdict import Verdict


def o(task, level=1, correct=False, speedup=None, valid=True, compiled=True):
    return Outcome(task, level, valid=valid, compiled=compiled, correct=correct, speedup=speedup)


def test_pass_at_k_by_hand():
    assert pass_at_k(5, 2, 1) == pytest.approx(2 / 5)  # 1 - C(3,1)/C(5,1)
    assert pass_at_k(10, 3, 5) == pytest.approx(1 - 21 / 252)  # 1 - C(7,5)/C(10,5)
    assert pass_at_k(10, 0, 10) == 0.0
    assert pass_at_k(3, 2, 2) == 1.0  # fewer than k wrong samples: some k-subset always holds a correct one
    assert pass_at_k(4, 1, 4) == 1.0
    with pytest.raises(ValueError, match="1 <= k <= n"):
        pass_at_k(2, 1, 5)


def test_fast_p_counts_all_samples_and_geomean_only_correct_ones():
    samples = [o("a", correct=True, speedup=1.5), o("a", correct=True, speedup=0.8),
               o("b", correct=True, speedup=2.5), o("b", correct=False, speedup=None)]
    m = summarize(samples, timed=True)["all"]
    assert m["fast_1"] == pytest.approx(2 / 4)
    assert m["fast_1.2"] == pytest.approx(2 / 4)
    assert m["fast_2"] == pytest.approx(1 / 4)
    assert m["geomean_speedup"] == pytest.approx(3 ** (1 / 3))  # (1.5 * 0.8 * 2.5) ** (1/3)
    assert m["correct"] == pytest.approx(3 / 4)
    # pass@1 per task, then averaged: a 2/2, b 1/2
    assert m["pass@1"] == pytest.approx((1.0 + 0.5) / 2)


def test_a_correct_sample_without_a_speedup_is_not_fast():
    m = summarize([o("a", correct=True, speedup=None), o("a", correct=True, speedup=3.0)], timed=True)["all"]
    assert m["fast_1"] == 0.5 and m["geomean_speedup"] == pytest.approx(3.0)


def test_speed_metrics_are_null_on_a_cpu():
    m = summarize([o("a", correct=True), o("a")], timed=False)["all"]
    assert all(m[k] is None for k in ("fast_1", "fast_1.2", "fast_2", "geomean_speedup"))
    assert m["correct"] == 0.5 and m["pass@1"] == 0.5


def test_levels_and_pass_at_k_only_where_enough_samples():
    samples = [o(f"l{lv}t{i}", level=lv, correct=(i == 0)) for lv in (1, 2) for i in range(2) for _ in range(5)]
    levels = summarize(samples, timed=False)
    assert list(levels) == ["1", "2", "all"]
    assert set(levels["all"]) == set(METRIC_NAMES) - {"pass@10"}  # 5 samples a task: no pass@10
    assert levels["1"]["pass@5"] == pytest.approx(0.5)  # t0 always, t1 never
    assert levels["all"]["correct"] == pytest.approx(10 / 20)


def test_valid_and_compiled_come_from_the_verdict_stages():
    passed = {"static": {"passed": True}, "compile": {"passed": True}, "tiny": {"passed": False}}
    v = outcome("t", 1, Verdict(task="t", code_hash="x", stages=passed))
    assert (v.valid, v.compiled, v.correct) == (True, True, False)
    cheat = outcome("t", 1, Verdict(task="t", code_hash="x", correct=True, violations=["TORCH_COMPUTE"],
                                    stages={"static": {"passed": False}}))
    assert (cheat.valid, cheat.compiled, cheat.correct) == (False, False, False)
    unparsed = outcome("t", 1, Verdict(task="t", code_hash="", error="unparseable response"))
    assert not (unparsed.valid or unparsed.compiled or unparsed.correct)
    fast = outcome("t", 1, Verdict(task="t", code_hash="x", correct=True, speedup=1.7,
                                   stages={"static": {"passed": True}, "compile": {"passed": True}}))
    assert fast.correct and fast.speedup == 1.7


def test_json_document_table_and_tracker_names(tmp_path):
    levels = summarize([o("a", correct=True), o("b", level=2)], timed=False)
    path = write_json(document(levels, n_tasks=2, samples_per_task=1, model="m"), str(tmp_path / "x" / "e.json"))
    doc = json.loads(open(path).read())
    assert set(doc) == {"levels", "n_tasks", "samples_per_task", "model", "per_task"}
    assert set(doc["levels"]) == {"1", "2", "all"} and doc["levels"]["all"]["fast_1"] is None
    table = markdown_table(levels)
    assert table.splitlines()[0].startswith("| level | valid | compiled | correct | fast_1 | fast_1.2")
    assert "| all | 1.000 | 1.000 | 0.500 | - |" in table
    flat = tracker_metrics(levels, "heldout/", "_base")
    assert flat["heldout/correct_base"] == 0.5 and flat["heldout/l1_correct_base"] == 1.0
    assert "heldout/fast_1_base" not in flat  # null is left out, never logged as 0
    assert all(math.isfinite(v) for v in flat.values())


def test_empty_input_is_a_clear_error():
    with pytest.raises(ValueError, match="no samples"):
        summarize([], timed=False)


def test_pass_at_1_interval_is_a_bootstrap_over_tasks():
    solved = [o(f"t{i}", correct=True) for i in range(3)]
    unsolved = [o(f"u{i}") for i in range(3)]
    m = summarize(solved + unsolved, timed=False)["all"]
    assert m["pass@1"] == 0.5 and 0.0 <= m["pass@1_lo"] < 0.5 < m["pass@1_hi"] <= 1.0
    same = summarize([o(f"t{i}", correct=True) for i in range(4)], timed=False)["all"]
    assert same["pass@1_lo"] == same["pass@1_hi"] == 1.0  # every task alike: no spread to resample
    assert bootstrap_interval([0.0, 1.0]) == bootstrap_interval([0.0, 1.0])  # seeded: reproducible


def test_paired_difference_compares_per_task_pass_rates_on_common_tasks():
    sft = per_task_counts([o("a"), o("a"), o("b", correct=True), o("b"), o("c")])
    assert sft == {"a": (2, 0, 2, 2), "b": (2, 1, 2, 2), "c": (1, 0, 1, 1)}
    rl = {"a": (2, 2), "b": (2, 2), "z": (1, 1)}  # z: only RL evaluated it, so it is left out
    mean, lo, hi = paired_difference(sft, rl)
    assert mean == pytest.approx((1.0 + 0.5) / 2) and 0.5 <= lo <= mean <= hi <= 1.0
    assert paired_difference(rl, sft)[0] == pytest.approx(-mean)
    with pytest.raises(ValueError, match="no task in common"):
        paired_difference({"a": (1, 0)}, {"b": (1, 1)})


def test_paired_difference_of_valid_and_compiled_rates():
    # SFT: a 1 of 4 valid, 0 compiled; b 0 valid. RL: a 3 of 4 valid, 2 compiled; b 2 valid, 1 compiled
    sft = per_task_counts([o("a", valid=i == 0, compiled=False) for i in range(4)]
                          + [o("b", valid=False, compiled=False) for _ in range(4)])
    rl = per_task_counts([o("a", valid=i < 3, compiled=i < 2) for i in range(4)]
                         + [o("b", valid=i < 2, compiled=i < 1) for i in range(4)])
    assert sft == {"a": (4, 0, 1, 0), "b": (4, 0, 0, 0)} and rl == {"a": (4, 0, 3, 2), "b": (4, 0, 2, 1)}
    mean, lo, hi = paired_difference(sft, rl, column=VALID)
    assert mean == pytest.approx(((3 - 1) / 4 + 2 / 4) / 2) and lo == pytest.approx(0.5) and hi == pytest.approx(0.5)
    assert paired_difference(sft, rl, column=COMPILED)[0] == pytest.approx((2 / 4 + 1 / 4) / 2)
    with pytest.raises(ValueError, match="without column"):
        paired_difference({"a": (1, 0)}, {"a": (1, 1)}, column=VALID)  # counts written before valid was kept


def test_main_effects_and_interaction_of_a_full_factorial():
    y = lambda a, b: a + 2 * b + 4 * a * b  # noqa: E731
    cells = [({"A": bool(a), "B": bool(b)}, float(y(a, b))) for a in (0, 1) for b in (0, 1)]
    eff = factorial_effects(cells, ["A", "B"])
    assert eff["A"] == pytest.approx((1 + 7) / 2 - (0 + 2) / 2)  # mean(y | A on) - mean(y | A off) = 3
    assert eff["B"] == pytest.approx((2 + 7) / 2 - (0 + 1) / 2)
    assert eff["A x B"] == pytest.approx(((7 - 2) - (1 - 0)) / 2)  # half the change of A's effect when B is on
    additive = [({"A": bool(a), "B": bool(b)}, 3.0 * a - 1.0 * b) for a in (0, 1) for b in (0, 1)]
    assert factorial_effects(additive, ["A", "B"])["A x B"] == pytest.approx(0.0)
    with pytest.raises(ValueError, match="each of the 4 combinations once"):
        factorial_effects(cells[:3], ["A", "B"])  # a missing cell confounds the effects
