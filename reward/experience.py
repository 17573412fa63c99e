"""Turn one RL step's samples and verdicts into rewards, HRD token advantages and step metrics."""
from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass

from tritonrl.config import ExtensionsConfig, RewardConfig
from tritonrl.learner.batch import Sequence
from tritonrl.reward.advantages import group_advantages
from tritonrl.reward.hrd import token_advantages
from tritonrl.reward.terms import NOT_CHEATS, cheat_penalty, correctness_reward, speedup_reward
from tritonrl.rollout.engine import Sample
from tritonrl.rollout.parsing import ParsedResponse
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.verdict import STAGES, Verdict


@dataclass
class Scored:
    task: Task
    sample: Sample
    parsed: ParsedResponse
    verdict: Verdict
    correctness: float | None = None  # set by build_sequences
    speed: float | None = None


def unparseable_verdict(task: Task, parsed: ParsedResponse) -> Verdict:
    """A sample with no code still gets a verdict (reward 0), so nothing is silently dropped."""
    return Verdict(task=task.name, code_hash=hashlib.sha256(b"").hexdigest()[:16],
                   error=f"unparseable response: {parsed.error or 'no code'}")


def _infrastructure_failure(v: Verdict) -> bool:
    # the verifier, not the candidate, failed: such a sample teaches nothing either way
    return "verifier_worker_died" in v.flags


def build_sequences(groups: list[list[Scored]], reward_cfg: RewardConfig, ext: ExtensionsConfig) -> list[Sequence]:
    """GRPO/RLOO baselines within each prompt's group, then HRD routing of the two advantages to tokens."""
    seqs: list[Sequence] = []
    for group in groups:
        for s in group:
            s.correctness = correctness_reward(s.verdict, reward_cfg, staged=ext.staged) + cheat_penalty(s.verdict, reward_cfg)
            s.speed = speedup_reward(s.verdict, reward_cfg)
        scored = [s for s in group if not _infrastructure_failure(s.verdict)]
        adv_c = dict(zip(map(id, scored), group_advantages([s.correctness for s in scored], reward_cfg.baseline,
                                                           reward_cfg.normalize_std)))
        adv_s = dict(zip(map(id, scored), group_advantages([s.speed for s in scored], reward_cfg.baseline,
                                                           reward_cfg.normalize_std)))
        for s in group:
            advantages = token_advantages(s.parsed.plan_mask, s.parsed.code_mask, adv_c.get(id(s), 0.0),
                                          adv_s.get(id(s), 0.0), alpha=reward_cfg.alpha, hrd=reward_cfg.hrd,
                                          length=len(s.sample.token_ids))
            seqs.append(Sequence(prompt_ids=list(s.sample.prompt_ids), response_ids=list(s.sample.token_ids),
                                 advantages=advantages, old_logprobs=s.sample.logprobs, loss_mask=None))
    return seqs


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
