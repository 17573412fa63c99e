"""Group baselines over the G samples of one prompt (GRPO, RLOO).

Degenerate groups (G=1, or every reward equal) carry no learning signal: they give exact zeros, never NaN.
"""
from __future__ import annotations

import math
from typing import Sequence

EPS = 1e-6


def grpo(rewards: Sequence[float], normalize_std: bool = True, eps: float = EPS) -> list[float]:
    """(r - mean) / (std + eps), population std as in GRPO; std optional (Dr. GRPO drops it)."""
    g = len(rewards)
    if g <= 1:
        return [0.0] * g
    mean = math.fsum(rewards) / g
    centred = [r - mean for r in rewards]
    if max(abs(c) for c in centred) <= 1e-12 * max(1.0, abs(mean)):  # all equal, up to rounding
        return [0.0] * g
    if not normalize_std:
        return centred
    std = math.sqrt(math.fsum(c * c for c in centred) / g)
    return [c / (std + eps) for c in centred]


def rloo(rewards: Sequence[float]) -> list[float]:
    """r_i - mean of the other G-1 rewards (leave-one-out baseline)."""
    g = len(rewards)
    if g <= 1:
        return [0.0] * g
    total = math.fsum(rewards)
    out = [r - (total - r) / (g - 1) for r in rewards]
    mean = total / g
    if max(abs(r - mean) for r in rewards) <= 1e-12 * max(1.0, abs(mean)):
        return [0.0] * g
    return out


def group_advantages(rewards: Sequence[float], baseline: str = "grpo", normalize_std: bool = True) -> list[float]:
    """One advantage per sample of a prompt's group."""
    bad = [r for r in rewards if not math.isfinite(r)]
    if bad:
        raise ValueError(f"group_advantages: non-finite reward(s) {bad[:3]}")
    if baseline == "grpo":
        return grpo(rewards, normalize_std)
    if baseline == "rloo":
        return rloo(rewards)
    raise ValueError(f"reward.baseline must be 'grpo' or 'rloo', got {baseline!r}")
