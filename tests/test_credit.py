"""Partial credit comes from one table (reward/credit.py), used by the trainer and `tritonrl verify` alike."""
from __future__ import annotations

import pytest

from tritonrl.config import RewardConfig
from tritonrl.reward.credit import DEFAULT_PARTIAL_CREDIT, stage_credit
from tritonrl.reward.terms import correctness_reward
from tritonrl.verifier_workers.verdict import Verdict


def verdict(passed: dict[str, bool | str], correct: bool = False, violations=()) -> Verdict:
    """passed: stage -> True (passed), False (failed) or "skip" (passed, nothing to check)."""
    stages = {s: ({"passed": True, "skipped": "nothing"} if p == "skip" else {"passed": p}) for s, p in passed.items()}
    return Verdict(task="t", code_hash="h", correct=correct, stages=stages, violations=list(violations))


@pytest.mark.parametrize("passed, correct, credit", [
    ({}, False, 0.0),
    ({"static": False}, False, 0.0),
    ({"static": True, "compile": False}, False, 0.3),
    ({"static": True, "compile": True, "tiny": False}, False, 0.5),
    ({"static": True, "compile": True, "tiny": True, "full": False}, False, 0.7),
    ({"static": True, "compile": True, "tiny": "skip", "full": False}, False, 0.5),  # a skipped stage earns nothing
    ({"static": True, "compile": True, "tiny": True, "full": True}, True, 1.0),
    ({"static": True, "compile": True, "tiny": "skip", "full": True}, True, 1.0),
    # full passed but the timed outputs differed: not correct, so at most the tiny stage's credit
    ({"static": True, "compile": True, "tiny": True, "full": True, "timing": False}, False, 0.7),
])
def test_credit_by_furthest_stage(passed, correct, credit):
    assert stage_credit(verdict(passed, correct)) == pytest.approx(credit)


def test_violations_earn_nothing_and_unstaged_is_binary():
    full = {"static": True, "compile": True, "tiny": True, "full": True}
    assert stage_credit(verdict(full, True, ["torch_compute"])) == 0.0
    assert stage_credit(verdict({"static": True, "compile": True}), staged=False) == 0.0
    assert stage_credit(verdict(full, True), staged=False) == 1.0


def test_the_trainer_uses_the_same_table_with_its_configured_credits():
    v = verdict({"static": True, "compile": True, "tiny": False})
    assert correctness_reward(v, RewardConfig(), staged=True) == DEFAULT_PARTIAL_CREDIT[2]
    assert correctness_reward(v, RewardConfig(partial_credit=[0, 0.1, 0.2, 0.3, 1]), staged=True) == 0.2
    assert list(RewardConfig().partial_credit) == list(DEFAULT_PARTIAL_CREDIT)


def test_a_table_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match="partial_credit needs 5 values"):
        stage_credit(verdict({"static": True}), [0.0, 1.0])
