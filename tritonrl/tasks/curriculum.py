"""Adaptive level mix: the level-2 share of each RL step grows with level-1 accuracy.

Why: early on the policy fails nearly every fusion task (reward ~0, no GRPO signal), so most of a step
goes to single-op tasks; once level-1 accuracy (EMA) reaches `acc_threshold`, the share of level-2 tasks
reaches `max_share`. With the extension off, a fixed share is used.
"""
from __future__ import annotations

import math
import random

from tritonrl.config import CurriculumConfig
from tritonrl.tasks.task import Task


def level2_share(acc1: float, cfg: CurriculumConfig, enabled: bool) -> float:
    """Fraction of a step's tasks drawn from level >= 2."""
    if not enabled:
        return cfg.fixed_level2_share
    acc1 = min(max(acc1, 0.0), 1.0)
    if cfg.acc_threshold <= 0 or acc1 >= cfg.acc_threshold:
        return cfg.max_share
    return cfg.start_share + (cfg.max_share - cfg.start_share) * acc1 / cfg.acc_threshold


class CurriculumSampler:
    """Draws each step's tasks: ~share*k from level >= 2, the rest from level 1 (stochastic rounding)."""

    def __init__(self, tasks: list[Task], cfg: CurriculumConfig, enabled: bool = True, seed: int = 0):
        if not tasks:
            raise ValueError("CurriculumSampler needs at least one task")
        self.cfg = cfg
        self.enabled = enabled
        self.level1 = [t for t in tasks if t.level <= 1]
        self.level2 = [t for t in tasks if t.level >= 2]
        self.level1_acc = 0.0  # EMA of the level-1 correct rate; starts at 0, so the mix starts at start_share
        self.updates = 0  # RL steps folded in (update calls), kept across a resume
        self._rng = random.Random(seed)

    @property
    def share(self) -> float:
        """The level-2 share used now (0 or 1 when only one level exists)."""
        if not self.level2:
            return 0.0
        if not self.level1:
            return 1.0
        return level2_share(self.level1_acc, self.cfg, self.enabled)

    def update(self, level1_accuracy: float) -> None:
        """Fold one step's level-1 correct rate into the EMA: acc = ema * acc + (1 - ema) * new."""
        self.updates += 1
        if not math.isfinite(level1_accuracy):  # a step without level-1 tasks reports nan
            return
        self.level1_acc = self.cfg.ema * self.level1_acc + (1 - self.cfg.ema) * level1_accuracy

    def _draw(self, pool: list[Task], n: int) -> list[Task]:
        # without replacement within a step while the pool lasts, then reshuffled rounds
        out: list[Task] = []
        while len(out) < n:
            out += self._rng.sample(pool, min(n - len(out), len(pool)))
        return out

    def sample(self, k: int) -> list[Task]:
        expected = self.share * k
        n2 = int(expected) + (self._rng.random() < expected - int(expected))  # stochastic rounding
        tasks = self._draw(self.level1, k - n2) + self._draw(self.level2, n2)
        self._rng.shuffle(tasks)
        return tasks

    def state_dict(self) -> dict:
        """JSON-able state: the EMA, the step count and the draw RNG; `load_state_dict` continues from it."""
        version, internal, gauss = self._rng.getstate()
        return {"level1_acc": self.level1_acc, "updates": self.updates, "rng": [version, list(internal), gauss]}

    def load_state_dict(self, state: dict) -> None:
        self.level1_acc = float(state["level1_acc"])
        self.updates = int(state.get("updates", 0))
        version, internal, gauss = state["rng"]
        self._rng.setstate((version, tuple(internal), gauss))
