"""KernelBench's metrics over verified samples, per level and overall. Pure functions, no I/O.

Contract. One `Outcome` per sample (every sample counts, including unparseable ones):
  - valid: the sample parsed into code that passed the static checks with no violation;
  - compiled: it also passed the compile stage (or was correct);
  - correct: the verdict says correct;
  - speedup: t_ref / t_candidate when the verifier timed it (None on a CPU or when not timed).
`summarize(outcomes, timed)` returns {level: metrics} with the levels as strings ("1", "2", ...) plus "all";
each metrics dict holds exactly METRIC_NAMES (pass@k only for k <= samples per task):
  - valid, compiled, correct: shares of ALL samples;
  - fast_1, fast_1.2, fast_2: KernelBench's fast_p, the share of ALL samples that are correct with
    speedup > p (a correct sample with no measured speedup is not fast);
  - geomean_speedup: geometric mean of the speedups of the correct, timed samples (None when there is none);
  - pass@k: the unbiased estimator 1 - C(n-c, k) / C(n, k) per task (n samples, c correct), averaged over
    the tasks of the level;
  - pass@1_lo, pass@1_hi: a 95% percentile-bootstrap interval of pass@1 over the level's tasks (tasks drawn
    with replacement, 2000 draws, a fixed seed: the same samples give the same interval).
`per_task_counts` gives {task: (n, correct, valid, compiled)}, what `paired_difference` compares between two
models (e.g. SFT and RL on the same tasks): the mean per-task difference of one rate (pass@1 by default, or the
valid or compiled rate) with its paired bootstrap interval.
With `timed=False` (a CPU: nothing is timed) every speed metric is None, never 0.
"""
from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable

from tritonrl.verifier_workers.verdict import Verdict

FAST_P = (1.0, 1.2, 2.0)
PASS_K = (1, 5, 10)
SPEED_METRICS = tuple(f"fast_{p:g}" for p in FAST_P) + ("geomean_speedup",)
METRIC_NAMES = (("valid", "compiled", "correct") + SPEED_METRICS + tuple(f"pass@{k}" for k in PASS_K)
                + ("pass@1_lo", "pass@1_hi"))
BOOTSTRAP_DRAWS = 2000
BOOTSTRAP_SEED = 0


@dataclass(frozen=True)
class Outcome:
    task: str
    level: int
    valid: bool
    compiled: bool
    correct: bool
    speedup: float | None = None


def outcome(task: str, level: int, verdict: Verdict) -> Outcome:
    """What one verdict counts for (see the module docstring)."""
    passed = lambda stage: bool(verdict.stages.get(stage, {}).get("passed"))  # noqa: E731
    valid = passed("static") and not verdict.violations
    correct = bool(verdict.correct) and valid
    return Outcome(task, level, valid=valid, compiled=valid and (passed("compile") or correct), correct=correct,
                   speedup=verdict.speedup if correct else None)


def pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k (Chen et al. 2021): 1 - C(n-c, k) / C(n, k); needs 0 <= c <= n and 1 <= k <= n."""
    if not (0 <= c <= n and 1 <= k <= n):
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n, got n={n} c={c} k={k}")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def fast_p(outcomes: list[Outcome], p: float) -> float:
    """Share of all samples that are correct with a measured speedup > p."""
    fast = sum(1 for o in outcomes if o.correct and o.speedup is not None and o.speedup > p)
    return fast / len(outcomes)


def geomean_speedup(outcomes: list[Outcome]) -> float | None:
    speedups = [o.speedup for o in outcomes if o.correct and o.speedup is not None and o.speedup > 0]
    if not speedups:
        return None
    return math.exp(sum(math.log(s) for s in speedups) / len(speedups))


def level_metrics(outcomes: list[Outcome], timed: bool) -> dict[str, float | None]:
    """METRIC_NAMES over one group of samples (a level, or all); pass@k only where every task has >= k."""
    if not outcomes:
        raise ValueError("no samples to summarize")
    n = len(outcomes)
    m: dict[str, float | None] = {
        "valid": sum(o.valid for o in outcomes) / n,
        "compiled": sum(o.compiled for o in outcomes) / n,
        "correct": sum(o.correct for o in outcomes) / n,
    }
    for p, name in zip(FAST_P, SPEED_METRICS):
        m[name] = fast_p(outcomes, p) if timed else None
    m["geomean_speedup"] = geomean_speedup(outcomes) if timed else None
    per_task: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        per_task[o.task].append(o)
    fewest = min(len(v) for v in per_task.values())
    for k in PASS_K:
        if k <= fewest:
            m[f"pass@{k}"] = sum(pass_at_k(len(v), sum(o.correct for o in v), k)
                                 for v in per_task.values()) / len(per_task)
    m["pass@1_lo"], m["pass@1_hi"] = bootstrap_interval([sum(o.correct for o in v) / len(v)
                                                         for v in per_task.values()])
    return m


CORRECT, VALID, COMPILED = 1, 2, 3  # columns of per_task_counts after the sample count


def per_task_counts(outcomes: Iterable[Outcome]) -> dict[str, tuple[int, int, int, int]]:
    """{task: (samples, correct, valid, compiled samples)}."""
    counts: dict[str, tuple[int, int, int, int]] = {}
    for o in outcomes:
        n, c, v, k = counts.get(o.task, (0, 0, 0, 0))
        counts[o.task] = (n + 1, c + int(o.correct), v + int(o.valid), k + int(o.compiled))
    return counts


def bootstrap_interval(values: list[float], level: float = 0.95, draws: int = BOOTSTRAP_DRAWS,
                       seed: int = BOOTSTRAP_SEED) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean of `values` (one per task), tasks drawn with replacement."""
    if not values:
        raise ValueError("bootstrap_interval: no values")
    rng = random.Random(seed)
    n = len(values)
    means = sorted(sum(values[rng.randrange(n)] for _ in range(n)) / n for _ in range(draws))
    tail = (1.0 - level) / 2
    return means[int(tail * (draws - 1))], means[int(round((1.0 - tail) * (draws - 1)))]


def paired_difference(a: dict[str, tuple[int, ...]], b: dict[str, tuple[int, ...]],
                      level: float = 0.95, column: int = CORRECT) -> tuple[float, float, float]:
    """(mean, lo, hi) of the per-task rate of `column` (CORRECT: pass@1; VALID; COMPILED) of b minus a's, over
    the tasks both evaluated, with a paired bootstrap interval (the same tasks drawn for both): b beats a beyond
    the interval when lo > 0. Per-task counts written before valid/compiled were kept have only CORRECT."""
    common = sorted(set(a) & set(b))
    if not common:
        raise ValueError("paired_difference: no task in common")
    if any(len(a[t]) <= column or len(b[t]) <= column for t in common):
        raise ValueError(f"paired_difference: per-task counts without column {column}")
    diffs = [b[t][column] / b[t][0] - a[t][column] / a[t][0] for t in common]
    lo, hi = bootstrap_interval(diffs, level)
    return sum(diffs) / len(diffs), lo, hi


def summarize(outcomes: Iterable[Outcome], timed: bool) -> dict[str, dict[str, float | None]]:
    """{"1": metrics, "2": metrics, ..., "all": metrics}, the levels in ascending order."""
    outcomes = list(outcomes)
    levels = sorted({o.level for o in outcomes})
    out = {str(lv): level_metrics([o for o in outcomes if o.level == lv], timed) for lv in levels}
    out["all"] = level_metrics(outcomes, timed)
    return out
