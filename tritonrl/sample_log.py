"""Samples as a reviewer reads them: MLflow tables of verdicts and the speedup histogram.

Contract: `SampleLog(tracker, reward_cfg, staged)`; `.heldout(samples, phase, step)` appends one row per
held-out sample to the table `samples/heldout.json` and logs `plots/speedup_heldout_<phase>.png` when any
correct sample was timed; `.rollout(groups, step)` appends the step's RL samples to `samples/rollouts.json`
and keeps their speedups; `.finish()` logs `plots/speedup_rollouts.png` over the whole run. A row holds
task, phase, step, stage, correct, violations, speedup, reward, error, the verification's seconds, where they
went (`stage_s`: JSON, per stage its seconds and its sandbox calls as [calls, seconds] per worker operation)
and the response (clipped). On a CPU no kernel is timed, so no histogram is logged there.
"""
from __future__ import annotations

import json
import math
from typing import Any

from tritonrl.config import RewardConfig
from tritonrl.reward.terms import cheat_penalty, correctness_reward, speedup_reward

RESPONSE_CHARS = 4000  # of each response kept in a table row (the full text of held-out answers is in samples/)


def reward_of(s: Any, reward_cfg: RewardConfig, staged: bool) -> float:
    """The sample's reward: the one build_sequences set, else computed from its verdict the same way."""
    if s.correctness is not None and s.speed is not None:
        return s.correctness + s.speed
    v = s.verdict
    return correctness_reward(v, reward_cfg, staged) + cheat_penalty(v, reward_cfg) + speedup_reward(v, reward_cfg)


def sample_rows(samples: list[Any], phase: str, step: int, reward_cfg: RewardConfig, staged: bool) -> dict[str, list]:
    """Column -> values, one value per sample (`Scored` records: task, sample, verdict, rewards)."""
    cols: dict[str, list] = {k: [] for k in ("task", "phase", "step", "stage", "correct", "violations", "speedup",
                                             "reward", "error", "verify_s", "stage_s", "response")}
    for s in samples:
        v = s.verdict
        cols["task"].append(s.task.name)
        cols["phase"].append(phase)
        cols["step"].append(step)
        cols["stage"].append(v.stage)
        cols["correct"].append(bool(v.correct))
        cols["violations"].append(", ".join(v.violations))
        cols["speedup"].append(float(v.speedup) if v.speedup is not None else math.nan)
        cols["reward"].append(float(reward_of(s, reward_cfg, staged)))
        cols["error"].append(v.error or "")
        cols["verify_s"].append(float(v.seconds))
        cols["stage_s"].append(json.dumps({k: {"s": d.get("seconds"), "calls": d.get("worker_calls", {})}
                                           for k, d in v.stages.items() if "seconds" in d}))
        cols["response"].append(s.sample.text[:RESPONSE_CHARS])
    return cols


def timed_speedups(samples: list[Any]) -> list[float]:
    """Speedups of the correct samples that were timed (none on a CPU)."""
    return [float(s.verdict.speedup) for s in samples if s.verdict.correct and s.verdict.speedup is not None]


class SampleLog:
    def __init__(self, tracker: Any, reward_cfg: RewardConfig, staged: bool):
        self.tracker, self.reward_cfg, self.staged = tracker, reward_cfg, staged
        self.rollout_speedups: list[float] = []

    def histogram(self, speedups: list[float], path: str) -> None:
        if not speedups:
            return
        from tritonrl import plots

        fig = plots.speedup_histogram(speedups)
        self.tracker.log_figure(fig, path)
        plots.plt.close(fig)

    def heldout(self, samples: list[Any], phase: str, step: int) -> None:
        if samples:
            self.tracker.log_table(sample_rows(samples, phase, step, self.reward_cfg, self.staged),
                                   "samples/heldout.json")
        self.histogram(timed_speedups(samples), f"plots/speedup_heldout_{phase}.png")

    def rollout(self, groups: list[list[Any]], step: int) -> None:
        samples = [s for g in groups for s in g]
        if samples:
            self.tracker.log_table(sample_rows(samples, "rl", step, self.reward_cfg, self.staged),
                                   "samples/rollouts.json")
        self.rollout_speedups += timed_speedups(samples)

    def finish(self) -> None:
        self.histogram(self.rollout_speedups, "plots/speedup_rollouts.png")
