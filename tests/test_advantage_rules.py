"""The reward rules between verdicts and advantages, each checked against advantages computed by hand:
speedup ties within the noise band, infrastructure failures out of the baseline, plan tokens on a device
without timing, truncated samples (reward/ties.py, reward/hrd.py, reward/experience.py)."""
from __future__ import annotations

import math

import pytest
import torch

from tritonrl.config import ExtensionsConfig, RewardConfig
from tritonrl.learner.batch import collate
from tritonrl.learner.loss import LossScale, policy_loss
from tritonrl.reward.experience import Scored, build_sequences, step_metrics
from tritonrl.reward.hrd import plan_speed_advantage
from tritonrl.reward.ties import noise_band, tie_speed_rewards
from tritonrl.rollout.engine import Sample
from tritonrl.rollout.parsing import ParsedResponse
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.verdict import Verdict

TASK = Task(name="t", level=1, reference_src="", gold_src="")
ALL = ("static", "compile", "tiny", "full")
PLAN, CODE = [1, 1, 0, 0], [0, 0, 1, 1]  # 4 response tokens: 2 of plan, 2 of code
EPS = 1e-6  # reward/advantages.py's: GRPO divides by (std + eps)


def correct(speedup: float | None = None, cv: tuple[float, float] | None = None, trials: int = 50) -> Verdict:
    timing = {"cv_ref": cv[0], "cv_cand": cv[1], "trials": trials} if cv else None
    return Verdict("t", "h", correct=True, stage="full", speedup=speedup, timing=timing,
                   stages={s: {"passed": True} for s in ALL})


def wrong() -> Verdict:
    return Verdict("t", "h", error="runtime error")


def scored(v: Verdict, finish: str = "stop") -> Scored:
    sample = Sample(prompt_ids=[1, 2], token_ids=[3, 4, 5, 6], text="x", logprobs=None, finish_reason=finish)
    return Scored(TASK, sample, ParsedResponse(plan="p", code="c", plan_mask=PLAN, code_mask=CODE), v)


def run(group: list[Scored], **cfg):
    seqs = build_sequences([group], RewardConfig(**cfg), ExtensionsConfig())
    return seqs, step_metrics([group])


def plan_and_code(seq) -> tuple[float, float]:
    """(plan token advantage, code token advantage) of a sequence built with PLAN/CODE masks."""
    assert seq.advantages[0] == seq.advantages[1] and seq.advantages[2] == seq.advantages[3]
    return seq.advantages[0], seq.advantages[2]


def routed(seqs) -> list[float]:
    """plan, code, plan, code, ... advantages of the sequences, flat (pytest.approx compares flat lists)."""
    return [x for s in seqs for x in plan_and_code(s)]


def flat(pairs) -> list[float]:
    return [x for pair in pairs for x in pair]


# ------------------------------------------------------------------ speedup ties
def test_noise_band_is_the_measured_cv_else_the_configured_band():
    assert noise_band(correct(1.0, cv=(0.003, 0.004)), 0.02) == pytest.approx(0.005)  # hypot(0.3%, 0.4%)
    assert noise_band(correct(1.0), 0.02) == 0.02  # no timing record
    assert noise_band(correct(1.0, cv=(0.0, 0.0), trials=1), 0.02) == 0.02  # a single shot measures no spread


def test_ties_chain_and_share_their_mean():
    # sorted 1.00 | 1.01 (+1% <= 2%: tie) | 1.50 (+48.5%: new) | 1.51 (+0.7%: tie); None is never tied
    out, tied = tie_speed_rewards([1.50, 1.00, None, 1.51, 1.01], [1.5, 1.0, 0.0, 1.51, 1.01], [0.02] * 5)
    assert out == pytest.approx([1.505, 1.005, 0.0, 1.505, 1.005])
    assert tied == [True, True, False, True, True]


def test_timing_noise_makes_no_plan_advantage():
    # the case: four correct samples, one speed measured four times with a per-trial CV of
    # 0.4% (reference) and 0.5% (candidate): band hypot = 0.64%, neighbours differ by ~0.5%: one tie
    speeds = [1.000, 1.005, 1.010, 0.995]
    group = [scored(correct(s, cv=(0.004, 0.005))) for s in speeds]
    seqs, m = run(group)
    assert routed(seqs) == [0.0] * 8
    assert [s.speed for s in group] == pytest.approx([1.0025] * 4)  # the tie's mean
    assert m["reward/speed_tied"] == 4.0
    # without ties (no CV recorded, band 0): centred speeds -+0.0075, -+0.0025, std sqrt(3.125e-5) = 0.00559,
    # so A_speed = 3/sqrt(5) = 1.342 and 1/sqrt(5) = 0.447: plan tokens 0.1 * those
    seqs, m = run([scored(correct(s)) for s in speeds], speedup_tie_band=0.0)
    expect = [-1 / math.sqrt(5), 1 / math.sqrt(5), 3 / math.sqrt(5), -3 / math.sqrt(5)]
    assert [plan_and_code(s)[0] for s in seqs] == pytest.approx([0.1 * a for a in expect], rel=1e-3)
    assert m["reward/speed_tied"] == 0.0


def test_a_real_speedup_survives_the_band():
    # no CV recorded, default band 2%: {1.00, 1.01} -> 1.005 and {1.50, 1.51} -> 1.505; centred -+0.25,
    # std 0.25: A_speed = -+0.25 / (0.25 + 1e-6); plan tokens 0.1 * that; all correct: A_correct = 0
    seqs, _ = run([scored(correct(s)) for s in (1.00, 1.01, 1.50, 1.51)])
    a = 0.25 / (0.25 + EPS)
    assert routed(seqs) == pytest.approx(flat([(-0.1 * a, 0), (-0.1 * a, 0), (0.1 * a, 0), (0.1 * a, 0)]))


def test_a_measured_cv_overrides_the_configured_band():
    # 1.00 vs 1.03: a measured CV of 4% ties them although the configured band is 2% ...
    seqs, _ = run([scored(correct(s, cv=(0.0, 0.04))) for s in (1.00, 1.03)])
    assert [plan_and_code(s)[0] for s in seqs] == [0.0, 0.0]
    # ... and 1.00 vs 1.01 are apart at a measured 0.1% although 2% would tie them: A_speed = -+1 (G=2)
    seqs, _ = run([scored(correct(s, cv=(0.0, 0.001))) for s in (1.00, 1.01)])
    a = 0.005 / (0.005 + EPS)
    assert [plan_and_code(s)[0] for s in seqs] == pytest.approx([-0.1 * a, 0.1 * a])


# ------------------------------------------------------------------ infrastructure failures
def test_infrastructure_failures_leave_the_baseline():
    group = [scored(correct(1.0)), scored(wrong()),
             scored(Verdict("t", "h", error="reference failed in stage tiny", reference_failed=True)),
             scored(Verdict("t", "h", error="verifier error: KeyError: 'x'")),
             scored(Verdict("t", "h", error="verifier worker died: hung", flags=["verifier_worker_died"]))]
    seqs, m = run(group)
    # baseline over the first two only: correctness 1, 0 -> A_correct = +-0.5 / (0.5 + 1e-6); speed 1.0, 0
    # likewise (a correct sample timed at 1.0x still earns speed 1.0); the three failures counted as 0s
    # would have made it (1 - 0.2) / 0.4 = +2 and -0.5
    a = 0.5 / (0.5 + EPS)
    assert routed(seqs[:2]) == pytest.approx(flat([(0.1 * a, a), (-0.1 * a, -a)]))
    for s in seqs[2:]:
        assert s.advantages == [0.0] * 4 and s.loss_mask == [0] * 4  # no gradient, not in the token count
    assert m["reward/infrastructure_failures"] == 3.0


# ------------------------------------------------------------------ no timing (CPU)
def cpu_group() -> list[Scored]:
    # a CPU verifier times nothing: correct verdicts have speedup None
    return [scored(correct()), scored(correct()), scored(wrong()), scored(wrong())]


def test_untimed_group_credits_plan_tokens_with_correctness():
    seqs, m = run(cpu_group())
    # correctness 1, 1, 0, 0: A_correct = +-0.5 / (0.5 + 1e-6); plan tokens alpha * A_correct = +-0.1
    a = 0.5 / (0.5 + EPS)
    assert routed(seqs) == pytest.approx(flat([(0.1 * a, a)] * 2 + [(-0.1 * a, -a)] * 2))
    assert m["reward/untimed_groups"] == 1.0
    strict, _ = run(cpu_group(), untimed_plan="none")  # the paper's routing: plan tokens get nothing
    assert [plan_and_code(s)[0] for s in strict] == [0.0] * 4
    uniform, _ = run(cpu_group(), hrd=False)  # HRD off: every token A_correct + alpha * 0
    assert routed(uniform) == pytest.approx(flat([(a, a)] * 2 + [(-a, -a)] * 2))


def test_plan_tokens_get_gradient_on_a_cpu():
    seqs, _ = run(cpu_group())
    batch = collate(seqs)
    lp = torch.full(batch["advantages"].shape, -1.0, requires_grad=True)
    loss, _ = policy_loss(lp, batch, LossScale(global_tokens=16))  # 4 samples x 4 tokens, REINFORCE ratio 1
    loss.backward()
    # d loss / d logprob = -advantage / 16; the plan tokens (response tokens 0, 1 sit at columns 1, 2)
    a = 0.5 / (0.5 + EPS)
    plan_grad = lp.grad[:, 1:3]
    torch.testing.assert_close(plan_grad, torch.tensor([[-0.1 * a / 16] * 2] * 2 + [[0.1 * a / 16] * 2] * 2))
    assert (plan_grad != 0).all()


def test_plan_speed_advantage_rule():
    assert plan_speed_advantage(0.7, 0.3, timed=True) == 0.3
    assert plan_speed_advantage(0.7, 0.0, timed=False) == 0.7
    assert plan_speed_advantage(0.7, 0.0, timed=False, untimed_plan="none") == 0.0
    assert plan_speed_advantage(0.7, 0.0, timed=False, hrd=False) == 0.0
    with pytest.raises(ValueError, match="untimed_plan"):
        plan_speed_advantage(0.7, 0.0, timed=False, untimed_plan="speed")


# ------------------------------------------------------------------ truncated samples
def truncated_group() -> list[Scored]:
    # finished correct, finished wrong, truncated correct (its code parsed), truncated wrong
    return [scored(correct()), scored(wrong()), scored(correct(), "length"), scored(wrong(), "length")]


def test_truncated_zero_leaves_them_out():
    seqs, m = run(truncated_group())  # the default: reward.truncated=zero
    a = 0.5 / (0.5 + EPS)  # baseline over the two finished samples: correctness 1, 0
    assert routed(seqs[:2]) == pytest.approx(flat([(0.1 * a, a), (-0.1 * a, -a)]))
    for s in seqs[2:]:
        assert s.advantages == [0.0] * 4 and s.loss_mask == [0] * 4
    assert m["reward/truncated"] == 2.0 and m["reward/infrastructure_failures"] == 0.0


def test_truncated_penalty_and_keep():
    # penalty -0.5: correctness 1, 0, 0.5, -0.5; mean 0.25; centred 0.75, -0.25, 0.25, -0.75; std
    # sqrt(0.3125) = 0.559: A_correct = 3/sqrt(5), -1/sqrt(5), 1/sqrt(5), -3/sqrt(5)
    seqs, m = run(truncated_group(), truncated="penalty", truncated_penalty=-0.5)
    expect = [3 / math.sqrt(5), -1 / math.sqrt(5), 1 / math.sqrt(5), -3 / math.sqrt(5)]
    assert [plan_and_code(s)[1] for s in seqs] == pytest.approx(expect, rel=1e-4)
    assert all(s.loss_mask is None for s in seqs) and m["reward/truncated"] == 2.0
    # keep: trained like finished ones: correctness 1, 0, 1, 0 -> +-0.5 / (0.5 + 1e-6)
    seqs, m = run(truncated_group(), truncated="keep")
    a = 0.5 / (0.5 + EPS)
    assert [plan_and_code(s)[1] for s in seqs] == pytest.approx([a, -a, a, -a])
    assert m["reward/truncated"] == 2.0


def test_bad_reward_rules_fail_at_config_time_in_one_line():
    from tritonrl.config import Config, ConfigError
    from tritonrl.config_checks import CHOICES, validate
    from tritonrl.reward.experience import TRUNCATED_RULES
    from tritonrl.reward.hrd import UNTIMED_PLAN_RULES

    assert CHOICES["reward.truncated"] == TRUNCATED_RULES  # the config check and the consumer agree
    assert CHOICES["reward.untimed_plan"] == UNTIMED_PLAN_RULES
    for key, value, words in [("truncated", "drop", "reward.truncated must be zero | penalty | keep"),
                              ("untimed_plan", "speed", "reward.untimed_plan must be correctness | none"),
                              ("speedup_tie_band", -0.01, "reward.speedup_tie_band must be in [0.0, 1.0]"),
                              ("truncated_penalty", 0.5, "reward.truncated_penalty must be <= 0.0")]:
        cfg = Config()
        setattr(cfg.reward, key, value)
        with pytest.raises(ConfigError) as e:
            validate(cfg)
        assert words in str(e.value) and "\n" not in str(e.value)
