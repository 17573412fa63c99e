"""What the verifier says about one candidate. Always returned, never None."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# The funnel's stages in order. `stage` in a verdict names the furthest one passed.
STAGES = ("static", "compile", "tiny", "full", "timing")


@dataclass
class Verdict:
    task: str
    code_hash: str
    correct: bool = False
    stage: str = "none"  # furthest stage passed: none | static | compile | tiny | full | timing
    speedup: float | None = None  # t_ref / t_candidate; None when not timed (e.g. on the CPU)
    violations: list[str] = field(default_factory=list)  # stable short codes, see static_checks.py
    error: str | None = None  # one line: why it stopped
    timing: dict[str, Any] | None = None  # t_ref_ms, t_cand_ms, cv_ref, cv_cand, method, trials
    stages: dict[str, dict[str, Any]] = field(default_factory=dict)  # per stage: passed, seconds, detail
    variants: list[dict[str, Any]] = field(default_factory=list)  # per input variant: name, passed, errors, tolerances
    flags: list[str] = field(default_factory=list)  # e.g. implausible_speedup (not rewarded, not hidden)
    device: str = "cpu"
    seconds: float = 0.0
    reference_failed: bool = False  # the task's reference itself did not run: unusable input, not a verdict

    @property
    def cheated(self) -> bool:
        return bool(self.violations)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Verdict":
        return cls(**{k: v for k, v in d.items() if k in cls.__dataclass_fields__})
