"""Reward terms for one verdict: correctness (partial credit when staged), speedup, cheat penalty.

Kept separate (not summed here) because HRD routes them to different tokens: correctness drives the
code tokens, speedup drives the plan tokens (reward/hrd.py).
"""
from __future__ import annotations

import math

from tritonrl.config import RewardConfig
from tritonrl.reward.credit import stage_credit
from tritonrl.verifier_workers.verdict import Verdict


def correctness_reward(verdict: Verdict, cfg: RewardConfig, staged: bool) -> float:
    """Staged: partial credit by the furthest stage passed (reward/credit.py). Unstaged: 1/0 on `correct`."""
    return stage_credit(verdict, cfg.partial_credit, staged)


def rewarded_speedup(verdict: Verdict) -> float | None:
    """The speedup that earns a speed reward: a correct, uncheated, timed verdict's; else None (untimed).

    A cheated sample never earns speed: a violation zeroes it even if the funnel said correct.
    """
    s = verdict.speedup
    if not verdict.correct or verdict.violations or s is None or not math.isfinite(s) or s <= 0:
        return None
    return float(s)


def speedup_reward(verdict: Verdict, cfg: RewardConfig) -> float:
    """0 unless `rewarded_speedup` has one; else speedup clipped at `speedup_clip` (or log(speedup), clipped)."""
    s = rewarded_speedup(verdict)
    if s is None:
        return 0.0
    if cfg.speedup_log:
        cap = abs(math.log(cfg.speedup_clip)) if cfg.speedup_clip > 0 else math.inf
        return float(max(-cap, min(cap, math.log(s))))  # symmetric: slowdowns are penalised as much
    return float(min(s, cfg.speedup_clip))


# Static "violations" that mean broken or incomplete output, not an attempt to game the verifier: they get the
# funnel's zero credit but no cheat penalty, so a policy is not taught that a typo is as bad as a cheat. A store
# past the tensors (`stray_store`, a missing mask) is the commonest bug of written Triton: refused, not punished.
# So is a training-mode BatchNorm that never updates its running statistics (`buffer_not_updated`): the outputs
# are right, the module's state is not, as an LLM's first norm kernel often leaves it.
NOT_CHEATS = frozenset({"syntax_error", "analysis_error", "no_model_new", "no_triton_kernel", "unknown_name",
                        "stray_store", "buffer_not_updated"})


def cheat_penalty(verdict: Verdict, cfg: RewardConfig) -> float:
    """`cfg.cheat_penalty` (negative) when the verifier found a cheat (any violation but NOT_CHEATS), else 0."""
    return float(cfg.cheat_penalty) if set(verdict.violations) - NOT_CHEATS else 0.0
