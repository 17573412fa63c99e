"""Turn one RL step's samples and verdicts into rewards, HRD token advantages and step metrics.

Per prompt group, in order (docs/architecture.md, "Reward"):
  1. rewards per sample: correctness (+ cheat penalty), speed (reward/terms.py);
  2. samples left out (`excluded_reason`): an infrastructure failure (`infrastructure_failure`: the
     reference failed, a verifier error, a dead verifier worker: the verifier, not the candidate, failed)
     or, under `reward.truncated=zero`, a truncated sample (it hit rollout.max_new_tokens). They get zero
     advantage and a zero loss mask (no gradient, no KL, not in the token count), and the group's baselines
     are taken over the others. `reward.truncated=penalty` instead adds `reward.truncated_penalty` to a
     truncated sample's correctness reward and keeps it; `keep` trains it like a finished one;
  3. speedups within the noise band tie (reward/ties.py);
  4. GRPO/RLOO baselines (reward/advantages.py), then HRD routing to tokens (reward/hrd.py), plan tokens of
     a group with no timed sample following `reward.untimed_plan`.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass

from tritonrl.config import ExtensionsConfig, RewardConfig
from tritonrl.learner.batch import Sequence
from tritonrl.reward.advantages import group_advantages
from tritonrl.reward.hrd import plan_speed_advantage, token_advantages
from tritonrl.reward.terms import NOT_CHEATS, cheat_penalty, correctness_reward, rewarded_speedup, speedup_reward
from tritonrl.reward.ties import noise_band, tie_speed_rewards
from tritonrl.rollout.engine import Sample
from tritonrl.rollout.parsing import ParsedResponse
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.verdict import STAGES, Verdict

TRUNCATED_RULES = ("zero", "penalty", "keep")


@dataclass
class Scored:
    task: Task
    sample: Sample
    parsed: ParsedResponse
    verdict: Verdict
    correctness: float | None = None  # set by build_sequences
    speed: float | None = None  # after ties
    excluded: str | None = None  # "infrastructure" | "truncated": left out of the baseline and the loss
    speed_tied: bool = False  # its speedup tied with another's in the group
    untimed_group: bool = False  # no sample of its group earned a speedup (reward.untimed_plan applied)


def unparseable_verdict(task: Task, parsed: ParsedResponse) -> Verdict:
    """A sample with no code still gets a verdict (reward 0), so nothing is silently dropped."""
    return Verdict(task=task.name, code_hash=hashlib.sha256(b"").hexdigest()[:16],
                   error=f"unparseable response: {parsed.error or 'no code'}")


def infrastructure_failure(v: Verdict) -> bool:
    """The verifier, not the candidate, failed: such a sample teaches nothing either way."""
    return (v.reference_failed or "verifier_worker_died" in v.flags
            or (v.error or "").startswith("verifier error"))


def truncated(sample: Sample) -> bool:
    """Generation stopped at rollout.max_new_tokens, not at EOS."""
    return sample.finish_reason == "length"


def excluded_reason(s: Scored, cfg: RewardConfig) -> str | None:
    """Why a sample is left out of its group's baseline and the loss, or None."""
    if infrastructure_failure(s.verdict):
        return "infrastructure"
    if cfg.truncated == "zero" and truncated(s.sample):
        return "truncated"
    return None


def score_group(group: list[Scored], cfg: RewardConfig, ext: ExtensionsConfig) -> list[tuple[float, float]]:
    """Set each sample's rewards and flags; return its (A_correct, A_plan) (zeros for an excluded sample).

    A_plan is what HRD routes (times alpha) to the plan tokens: A_speed, or by `reward.untimed_plan` A_correct.
    """
    if cfg.truncated not in TRUNCATED_RULES:
        raise ValueError(f"reward.truncated must be one of {TRUNCATED_RULES}, got {cfg.truncated!r}")
    for s in group:
        s.correctness = correctness_reward(s.verdict, cfg, staged=ext.staged) + cheat_penalty(s.verdict, cfg)
        if cfg.truncated == "penalty" and truncated(s.sample):
            s.correctness += cfg.truncated_penalty
        s.speed = speedup_reward(s.verdict, cfg)
        s.excluded = excluded_reason(s, cfg)
    scored = [s for s in group if s.excluded is None]
    speedups = [rewarded_speedup(s.verdict) for s in scored]
    tied_speed, tied = tie_speed_rewards(speedups, [s.speed for s in scored],
                                         [noise_band(s.verdict, cfg.speedup_tie_band) for s in scored])
    timed = any(x is not None for x in speedups)
    for s, r, t in zip(scored, tied_speed, tied):
        s.speed, s.speed_tied, s.untimed_group = r, t, not timed
    adv_c = group_advantages([s.correctness for s in scored], cfg.baseline, cfg.normalize_std)
    adv_s = group_advantages([s.speed for s in scored], cfg.baseline, cfg.normalize_std)
    by_id = {id(s): (a_c, plan_speed_advantage(a_c, a_s, timed, cfg.hrd, cfg.untimed_plan))
             for s, a_c, a_s in zip(scored, adv_c, adv_s)}
    return [by_id.get(id(s), (0.0, 0.0)) for s in group]


def build_sequences(groups: list[list[Scored]], reward_cfg: RewardConfig, ext: ExtensionsConfig) -> list[Sequence]:
    """GRPO/RLOO baselines within each prompt's group, then HRD routing of the two advantages to tokens."""
    seqs: list[Sequence] = []
    for group in groups:
        for s, (a_c, a_plan) in zip(group, score_group(group, reward_cfg, ext)):
            n = len(s.sample.token_ids)
            advantages = token_advantages(s.parsed.plan_mask, s.parsed.code_mask, a_c, a_plan,
                                          alpha=reward_cfg.alpha, hrd=reward_cfg.hrd, length=n)
            seqs.append(Sequence(prompt_ids=list(s.sample.prompt_ids), response_ids=list(s.sample.token_ids),
                                 advantages=advantages, old_logprobs=s.sample.logprobs,
                                 loss_mask=[0] * n if s.excluded else None))
    return seqs


def collapsed(group: list[Scored]) -> bool:
    """Every kept sample of the group has the same (correctness, speed) rewards: the GRPO/RLOO baseline
    removes them all, so every advantage in the group is zero (also when fewer than two samples are kept)."""
    return len({(s.correctness, s.speed) for s in group if s.excluded is None}) <= 1


def step_metrics(groups: list[list[Scored]]) -> dict[str, float]:
    """Needs the rewards: call it after build_sequences."""
    flat = [s for g in groups for s in g]
    if any(s.correctness is None or s.speed is None for s in flat):
        raise RuntimeError("step_metrics: rewards not set; call build_sequences first")
    n = max(len(flat), 1)
    verdicts = [s.verdict for s in flat]
    m: dict[str, float] = {
        "reward/correctness_mean": sum(s.correctness for s in flat) / n,
        "reward/speedup_mean": sum(s.speed for s in flat) / n,
        "reward/mean": sum(s.correctness + s.speed for s in flat) / n,
        "verify/correct_rate": sum(v.correct for v in verdicts) / n,
        "verify/parse_rate": sum(s.parsed.code is not None for s in flat) / n,
        "verify/cheat_rate": sum(bool(set(v.violations) - NOT_CHEATS) for v in verdicts) / n,
        "rollout/response_tokens_mean": sum(len(s.sample.token_ids) for s in flat) / n,
        # counts (reward/experience.py module doc): left out of the baseline, truncated however treated,
        # speedups tied within the noise band, groups whose plan tokens followed reward.untimed_plan
        "reward/infrastructure_failures": float(sum(s.excluded == "infrastructure" for s in flat)),
        "reward/truncated": float(sum(truncated(s.sample) for s in flat)),
        "reward/speed_tied": float(sum(s.speed_tied for s in flat)),
        "reward/untimed_groups": float(sum(any(s.untimed_group for s in g) for g in groups)),
        # advantage collapse: groups whose kept samples all earned the same rewards teach nothing this step
        "reward/zero_advantage_group_share": sum(collapsed(g) for g in groups) / max(len(groups), 1),
    }
    for stage in STAGES:
        passed = [bool(v.stages.get(stage, {}).get("passed")) for v in verdicts]
        m[f"funnel/{stage}_pass_rate"] = sum(passed) / n
    for code, count in Counter(c for v in verdicts for c in v.violations).items():
        m[f"violations/{code}"] = float(count)
    speedups = [v.speedup for v in verdicts if v.correct and v.speedup is not None]
    if speedups:
        m["speedup/mean"] = sum(speedups) / len(speedups)
        m["speedup/max"] = max(speedups)
    cvs = [v.timing.get("cv_cand") for v in verdicts if v.timing and v.timing.get("cv_cand") is not None]
    if cvs:
        m["timing/cv_mean"] = sum(cvs) / len(cvs)
    for level in (1, 2):
        at_level = [s.verdict.correct for s in flat if s.task.level == level]
        if at_level:
            m[f"verify/level{level}_correct_rate"] = sum(at_level) / len(at_level)
    return m
