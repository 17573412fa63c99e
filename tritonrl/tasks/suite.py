"""The built-in task suite: KernelBench-format references with gold Triton solutions, shipped in the package.

Layout of `tritonrl/tasks/builtin/` (flat, so setuptools package-data ships it): `<name>.py` is the reference,
`<name>_gold.py` the gold solution, and `suite.json` lists each task's level, split, plan and size overrides.
Splits: "train"; "heldout" (measured, never trained on; audited by tasks/audit.py); "dev" (the former
held-out tasks that are near-copies of training items: for tuning, neither trained on nor reported).
`kernelbench_heldout.jsonl` (+ its MIT licence) holds the held-out KernelBench problems (tasks/heldout.py).
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from tritonrl.tasks.task import Task

_PACKAGE = "tritonrl.tasks.builtin"
SPLITS = ("train", "heldout", "dev")


def _read(filename: str) -> str:
    return resources.files(_PACKAGE).joinpath(filename).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def suite_entries() -> tuple[dict, ...]:
    """The raw entries of suite.json (name, level, split, plan, sizes)."""
    return tuple(json.loads(_read("suite.json")))


def plans() -> dict[str, str]:
    """Task name -> natural-language plan of its gold kernel (the plan section of SFT targets)."""
    return {e["name"]: e["plan"] for e in suite_entries()}


def _to_task(entry: dict) -> Task:
    name = entry["name"]
    return Task(
        name=name,
        level=int(entry["level"]),
        reference_src=_read(f"{name}.py"),
        gold_src=_read(f"{name}_gold.py"),
        source="builtin",
        sizes={dev: {k: int(v) for k, v in sz.items()} for dev, sz in entry.get("sizes", {}).items()},
        split=entry.get("split", "train"),
    )


def load_builtin(split: str | None = None) -> list[Task]:
    """All built-in tasks, or those of one split ("train" | "heldout" | "dev"), in suite.json order."""
    if split is not None and split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; expected one of {SPLITS} or None")
    return [_to_task(e) for e in suite_entries() if split is None or e.get("split", "train") == split]


def get_builtin(name: str) -> Task:
    for e in suite_entries():
        if e["name"] == name:
            return _to_task(e)
    known = ", ".join(e["name"] for e in suite_entries())
    raise KeyError(f"unknown built-in task {name!r}; known tasks: {known}")
