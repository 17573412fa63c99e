"""Which tasks a run trains on and which it measures: `load_tasks(cfg)` and the eval subset.

Contract: `load_tasks(cfg) -> (train, heldout)`, disjoint, both non-empty, else ConfigError (one line):
  - data.suite=builtin: train = the built-in "train" split; held-out = the built-in "heldout" split plus the
    held-out KernelBench problems shipped in the package (tasks/heldout.py), of data.kernelbench_levels;
  - data.suite=kernelbench: the problems of data.kernelbench_levels (local JSONL or the HF hub), split by
    tasks/heldout.py's frozen list;
  - data.heldout (names) overrides the held-out split; the "dev" split is in neither.
`spread(tasks, n)` is a deterministic subset of n tasks taken round-robin over levels, each level in a fixed
hashed order (0: all), so a small eval still covers every level.
"""
from __future__ import annotations

import hashlib

from tritonrl.config import Config, ConfigError
from tritonrl.tasks.kernelbench import load_kernelbench, load_kernelbench_heldout
from tritonrl.tasks.suite import load_builtin
from tritonrl.tasks.task import Task

SUITES = ("builtin", "kernelbench")


def suite_tasks(cfg: Config) -> list[Task]:
    """Every task of data.suite (train, heldout and dev)."""
    levels = tuple(cfg.data.kernelbench_levels)
    if cfg.data.suite == "builtin":
        return load_builtin() + load_kernelbench_heldout(levels)
    if cfg.data.suite == "kernelbench":
        try:
            return load_kernelbench(cfg.data.kernelbench_path, levels=levels)
        except (OSError, ValueError, RuntimeError) as e:
            raise ConfigError(f"data.kernelbench_path: {e}") from None
    raise ConfigError(f"data.suite must be one of {SUITES}, got {cfg.data.suite!r}")


def load_tasks(cfg: Config) -> tuple[list[Task], list[Task]]:
    tasks = suite_tasks(cfg)
    if cfg.data.heldout:
        unknown = set(cfg.data.heldout) - {t.name for t in tasks}
        if unknown:
            raise ConfigError(f"data.heldout names unknown tasks: {sorted(unknown)}")
        heldout = [t for t in tasks if t.name in cfg.data.heldout]
    else:
        heldout = [t for t in tasks if t.split == "heldout"]
    train = [t for t in tasks if t not in heldout and t.split == "train"]
    if not heldout:
        raise ConfigError(f"data.suite={cfg.data.suite} with levels {list(cfg.data.kernelbench_levels)} has no "
                          "held-out tasks (KernelBench holds out levels 1 and 2 only); set data.heldout")
    if not train:
        raise ConfigError("no training tasks left after the held-out split")
    return train, heldout


def spread(tasks: list[Task], n: int) -> list[Task]:
    if n <= 0 or n >= len(tasks):
        return list(tasks)
    key = lambda t: hashlib.sha256(t.name.encode()).hexdigest()  # noqa: E731
    queues = [sorted((t for t in tasks if t.level == lv), key=key) for lv in sorted({t.level for t in tasks})]
    out: list[Task] = []
    while len(out) < n:
        for q in queues:
            if q and len(out) < n:
                out.append(q.pop(0))
    return out
