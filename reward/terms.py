"""Reward terms for one verdict: correctness (partial credit when staged), speedup, cheat penalty.

Kept separate (not summed here) because HRD routes them to different tokens: correctness drives the
code tokens, speedup drives the plan tokens (reward/hrd.py).
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from tritonrl.config import RewardConfig
from tritonrl.verifier_workers.verdict import Verdict


def correctness_reward(verdict: Verdict, cfg: RewardConfig, staged: bool) -> float:
    """Staged: the funnel's partial credit (0/0.3/0.5/0.7/1.0). Unstaged: binary 1/0 on `correct`."""
    if staged:
        return float(verdict.reward)
    return 1.0 if verdict.correct else 0.0


def speedup_reward(verdict: Verdict, cfg: RewardConfig) -> float:
    """0 unless correct and timed; else speedup clipped at `speedup_clip` (or log(speedup), clipped).

    A cheated sample never earns speed: a violation zeroes it even if the funnel said correct.
    """
    s = verdict.speedup
    if not verdict.correct or verdict.violations or s is None or not math.isfinite(s) or s <= 0:
        return 0.0
    if cfg.speedup_log:
        cap = abs(math.log(cfg.speedup_clip)) if cfg.speedup_clip > 0 else math.inf
        return float(max(-cap, min(cap, math.log(s))))  # symmetric: slowdowns are penalised as much
    return float(min(s, cfg.speedup_clip))


# Static "violations" that mean broken or incomplete output, not an attempt to game the verifier: they get the
# funnel's zero credit but no cheat penalty, so a policy is not taught that a typo is as bad as a cheat.
NOT_CHEATS = frozenset({"syntax_error", "analysis_error", "no_model_new", "no_triton_kernel"})


def cheat_penalty(verdict: Verdict, cfg: RewardConfig) -> float:
    """`cfg.cheat_penalty` (negative) when the verifier found a cheat (any violation but NOT_CHEATS), else 0."""
    return float(cfg.cheat_penalty) if set(verdict.violations) - NOT_CHEATS else 0.0


@dataclass
class RewardBreakdown:
    """Per-sample rewards, kept for logging: correctness includes the cheat penalty."""

    correctness: float
    speedup: float
    penalty: float
    stage: str
    correct: bool

    @property
    def total(self) -> float:
        return self.correctness + self.speedup

    def to_dict(self) -> dict:
        return {**asdict(self), "total": self.total}


def breakdown(verdict: Verdict, cfg: RewardConfig, staged: bool) -> RewardBreakdown:
    penalty = cheat_penalty(verdict, cfg)
    return RewardBreakdown(correctness=correctness_reward(verdict, cfg, staged) + penalty,
                           speedup=speedup_reward(verdict, cfg), penalty=penalty,
                           stage=verdict.stage, correct=verdict.correct)
