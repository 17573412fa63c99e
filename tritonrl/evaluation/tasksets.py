"""Which tasks `tritonrl eval` evaluates: eval.tasks and eval.max_tasks over data.* (tasks/select.py).

eval.tasks: "heldout" | "train" | "all" (those splits of data.suite, as `train` splits it; "all" is
train + held-out) or a path to a JSONL file in KernelBench's format (every problem in it, any level).
eval.max_tasks > 0 keeps a deterministic subset spread over the levels (select.spread). Bad choices raise
ConfigError with one line.
"""
from __future__ import annotations

import os

from tritonrl.config import Config, ConfigError
from tritonrl.tasks.kernelbench import load_kernelbench
from tritonrl.tasks.select import load_tasks, spread
from tritonrl.tasks.task import Task

CHOICES = ("heldout", "train", "all")


def eval_tasks(cfg: Config) -> list[Task]:
    choice = cfg.eval.tasks
    if cfg.eval.max_tasks < 0:
        raise ConfigError(f"eval.max_tasks must be >= 0, got {cfg.eval.max_tasks}")
    if choice in CHOICES:
        train, heldout = load_tasks(cfg)
        tasks = {"heldout": heldout, "train": train, "all": train + heldout}[choice]
    elif choice.endswith(".jsonl") or os.path.exists(choice):
        try:
            tasks = load_kernelbench(choice, levels=(1, 2, 3, 4))
        except (OSError, ValueError) as e:
            raise ConfigError(f"eval.tasks={choice!r}: {e}") from None
    else:
        raise ConfigError(f"eval.tasks must be one of {CHOICES} or a KernelBench-format .jsonl file, got {choice!r}")
    return spread(tasks, cfg.eval.max_tasks)
