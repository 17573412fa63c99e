"""What identifies a verdict, and the cache of verdicts. A verdict depends on the task (its reference and
sizes), the code and everything in the verifier config, extensions and device that can change it; the
cache key holds all three, so one VerdictCache can be shared between pools with different configs and
never serves a verdict made under another. `code_hash` is the short hash a Verdict carries.
"""
from __future__ import annotations

import copy
import hashlib
import json
from collections import OrderedDict
from dataclasses import asdict, is_dataclass
from typing import Any

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.verdict import Verdict


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()[:16]  # as the funnel writes Verdict.code_hash


def _plain(cfg: Any) -> Any:
    if is_dataclass(cfg):
        return asdict(cfg)
    try:
        from omegaconf import OmegaConf

        return OmegaConf.to_container(cfg, resolve=True)
    except ValueError:
        return cfg


def config_hash(verifier_cfg: VerifierConfig, extensions: ExtensionsConfig, device: str) -> str:
    """Everything besides the task and the code that can change a verdict."""
    blob = json.dumps({"verifier": _plain(verifier_cfg), "extensions": _plain(extensions), "device": device},
                      sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def cache_key(task: Task, code: str, cfg_hash: str) -> tuple[str, str, str]:
    sizes = hashlib.sha256(json.dumps(task.sizes, sort_keys=True).encode()).hexdigest()[:8]
    return (f"{task.name}:{task.reference_hash}:{sizes}", hashlib.sha256(code.encode()).hexdigest(), cfg_hash)

class VerdictCache:
    """LRU of verdicts by (task, code, config). Shareable between pools: the config is in the key."""

    def __init__(self, size: int):
        self.size = size
        self._d: OrderedDict[tuple, dict] = OrderedDict()

    def get(self, key: tuple) -> Verdict | None:
        d = self._d.get(key)
        if d is None:
            return None
        self._d.move_to_end(key)
        return Verdict.from_dict(copy.deepcopy(d))  # a fresh object: callers may mutate theirs

    def put(self, key: tuple, verdict: Verdict) -> None:
        if self.size <= 0:
            return
        self._d[key] = verdict.to_dict()
        self._d.move_to_end(key)
        while len(self._d) > self.size:
            self._d.popitem(last=False)

    def __len__(self) -> int:
        return len(self._d)
