"""One step's experience: rewards per sample, then metrics over them (reward/experience.py)."""
import pytest

from tritonrl.config import ExtensionsConfig, RewardConfig
from tritonrl.reward.experience import Scored, build_sequences, step_metrics
from tritonrl.rollout.engine import Sample
from tritonrl.rollout.parsing import ParsedResponse
from tritonrl.tasks.suite import load_builtin
from tritonrl.verifier_workers.verdict import Verdict


def _group():
    task = load_builtin()[0]
    ok = {"passed": True}
    verdicts = [Verdict(task.name, "a", correct=True, stage="timing", speedup=1.5,
                        stages={"static": ok, "compile": ok, "tiny": ok, "full": ok, "timing": ok}),
                Verdict(task.name, "b", stage="static", stages={"static": ok, "compile": {"passed": False}}),
                Verdict(task.name, "c", violations=["torch_compute"]),
                Verdict(task.name, "d", violations=["syntax_error"])]
    out = []
    for v in verdicts:
        sample = Sample(prompt_ids=[1, 2], token_ids=[3, 4, 5], text="x", logprobs=[-0.1] * 3, finish_reason="stop")
        out.append(Scored(task, sample, ParsedResponse(plan="p", code="c", plan_mask=[1, 0, 0], code_mask=[0, 1, 1]), v))
    return [out]


def test_metrics_come_from_the_rewards_build_sequences_set():
    groups = _group()
    seqs = build_sequences(groups, RewardConfig(), ExtensionsConfig())
    m = step_metrics(groups)
    assert len(seqs) == 4
    # partial credit 1.0 / 0.3 / 0 / 0, a cheat penalty of -0.5 on the torch_compute sample only
    assert m["reward/correctness_mean"] == pytest.approx((1.0 + 0.3 - 0.5 + 0.0) / 4)
    assert m["reward/speedup_mean"] == pytest.approx(1.5 / 4)
    assert m["verify/correct_rate"] == 0.25 and m["verify/cheat_rate"] == 0.25


def test_metrics_before_rewards_is_an_error_not_zeros():
    with pytest.raises(RuntimeError, match="build_sequences first"):
        step_metrics(_group())


def test_groups_whose_rewards_all_tie_count_as_collapsed():
    mixed = _group()[0]
    failing = _group()[0][3:] * 3  # four unparseable-style failures: every reward 0, every advantage 0
    failing = [Scored(s.task, s.sample, s.parsed, s.verdict) for s in failing]
    groups = [mixed, failing]
    build_sequences(groups, RewardConfig(), ExtensionsConfig())
    assert step_metrics(groups)["reward/zero_advantage_group_share"] == 0.5
    assert step_metrics([mixed])["reward/zero_advantage_group_share"] == 0.0
