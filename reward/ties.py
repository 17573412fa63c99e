"""Speedups within timing noise are ties: they earn one speed reward, so noise makes no plan advantage.

Without this, a group whose samples are all correct and equally fast turns timing noise (CV ~0.5-1%) into
plan advantages of about +-1.4 once GRPO divides by the group's tiny std: as large as a real signal.

The noise band of one verdict (`noise_band`):
  - the verdict's measured noise: hypot(cv_ref, cv_cand) from its `timing` record, the relative spread of
    t_ref / t_cand, when timing recorded CVs over at least 2 trials (a single shot measures no spread);
  - else `reward.speedup_tie_band` (default 0.02).
Ties (`tie_speed_rewards`), within one group: the rewarded speedups (terms.rewarded_speedup) are sorted;
two neighbours tie when the larger is at most (1 + band) times the smaller, band being the larger of their
two bands. Ties chain (single linkage): 1.000, 1.005, 1.010 at a 0.6% band are one tie although the ends
differ by 1%, so that G noisy measurements of one speed tie however they spread. Every member of a tie
gets the mean of the tie's speed rewards (the group's mean is unchanged). Untimed samples (None) are
left as they are.
"""
from __future__ import annotations

import math
from typing import Sequence

from tritonrl.verifier_workers.verdict import Verdict


def noise_band(verdict: Verdict, default: float) -> float:
    """The relative noise of this verdict's speedup: measured (>= 2 trials) when recorded, else `default`."""
    t = verdict.timing or {}
    cvs = [t.get("cv_ref"), t.get("cv_cand")]
    if (t.get("trials") or 0) < 2 or all(c is None for c in cvs):
        return float(default)
    measured = math.hypot(*(float(c or 0.0) for c in cvs))
    return measured if math.isfinite(measured) else float(default)


def tie_speed_rewards(speedups: Sequence[float | None], rewards: Sequence[float],
                      bands: Sequence[float]) -> tuple[list[float], list[bool]]:
    """(speed rewards with each tie's members set to the tie's mean, whether each sample is in a tie of >= 2).

    `speedups[i]` is None for a sample that earns no speed (untimed, incorrect, cheated); it is never tied.
    """
    if not len(speedups) == len(rewards) == len(bands):
        raise ValueError(f"tie_speed_rewards: {len(speedups)} speedups, {len(rewards)} rewards, {len(bands)} bands")
    out, tied = [float(r) for r in rewards], [False] * len(rewards)
    timed = sorted((i for i, s in enumerate(speedups) if s is not None), key=lambda i: speedups[i])
    ties: list[list[int]] = []
    for i in timed:
        if ties:
            j = ties[-1][-1]
            if speedups[i] <= speedups[j] * (1.0 + max(bands[i], bands[j])):
                ties[-1].append(i)
                continue
        ties.append([i])
    for members in ties:
        if len(members) < 2:
            continue
        mean = math.fsum(out[i] for i in members) / len(members)
        for i in members:
            out[i], tied[i] = mean, True
    return out, tied
