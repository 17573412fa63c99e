"""An evaluation's numbers in the three forms a user reads: a markdown table, the eval JSON, tracker metrics.

Contract:
  - `document(levels, n_tasks, samples, model, per_task)` is exactly what `eval.out` holds:
    {"levels": {"1": {...}, "all": {...}}, "n_tasks": N, "samples_per_task": S, "model": "...",
     "per_task": {task: [samples, correct, valid, compiled]}}
    (metrics named as in metrics.METRIC_NAMES; speed metrics null on a CPU);
  - `markdown_table(levels)`: one row per level, one column per metric; null prints as "-";
  - `tracker_metrics(levels, prefix, suffix)`: flat {name: float} for MLflow, None left out (MLflow has no
    null). The "all" level is `{prefix}{metric}{suffix}`, level L is `{prefix}l{L}_{metric}{suffix}`:
    train logs `heldout/correct_base`, `heldout/l1_fast_1_sft`; `tritonrl eval` logs `eval/correct`,
    `eval/l2_pass@5` (the tracker writes "@" as "_at_").
"""
from __future__ import annotations

import json
import os
from typing import Any

from tritonrl.evaluation.metrics import METRIC_NAMES

Levels = dict[str, dict[str, float | None]]


def document(levels: Levels, n_tasks: int, samples_per_task: int, model: str,
             per_task: dict[str, tuple[int, ...]] | None = None) -> dict[str, Any]:
    return {"levels": levels, "n_tasks": n_tasks, "samples_per_task": samples_per_task, "model": model,
            "per_task": {t: list(nc) for t, nc in (per_task or {}).items()}}


def write_json(doc: dict[str, Any], path: str) -> str:
    """Write `doc` to `path` (parent directories created, null for None); returns the absolute path."""
    path = os.path.abspath(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    os.replace(tmp, path)
    return path


def _cell(v: float | None) -> str:
    return "-" if v is None else f"{v:.3f}"


def markdown_table(levels: Levels) -> str:
    names = [m for m in METRIC_NAMES if any(m in row for row in levels.values())]
    lines = ["| level | " + " | ".join(names) + " |", "|---" * (len(names) + 1) + "|"]
    for level, row in levels.items():
        lines.append(f"| {level} | " + " | ".join(_cell(row.get(m)) for m in names) + " |")
    return "\n".join(lines)


def tracker_metrics(levels: Levels, prefix: str, suffix: str = "") -> dict[str, float]:
    out: dict[str, float] = {}
    for level, row in levels.items():
        part = "" if level == "all" else f"l{level}_"
        out.update({f"{prefix}{part}{m}{suffix}": float(v) for m, v in row.items() if v is not None})
    return out
