"""Partial credit: what a verdict's furthest funnel stage earns. The one table that the trainer, eval and
`tritonrl verify` use.

The funnel (verifier_workers/funnel) only reports which stages a candidate passed; this module turns that
into a correctness reward in [0, 1]:
  - any violation earns 0 (the cheat penalty on top is reward/terms.py's);
  - unstaged (extensions.staged off): 1 if correct, else 0;
  - staged: `partial_credit[n]`, n = the furthest of static, compile, tiny, full passed (a stage that was
    skipped, having nothing to check, earns nothing); a candidate that is not correct gets at most the
    tiny stage's credit (it may have passed `full` and then failed timing's output check).
"""
from __future__ import annotations

from typing import Sequence

from tritonrl.verifier_workers.verdict import Verdict

CREDIT_STAGES = ("static", "compile", "tiny", "full")
DEFAULT_PARTIAL_CREDIT = (0.0, 0.3, 0.5, 0.7, 1.0)  # none, static, compile, tiny, full (= correct)


def stages_earned(verdict: Verdict) -> int:
    """How many of CREDIT_STAGES count: the index (1-based) of the furthest one passed, not skipped."""
    n = 0
    for i, stage in enumerate(CREDIT_STAGES):
        st = verdict.stages.get(stage, {})
        if st.get("passed") and not st.get("skipped"):
            n = i + 1
    return n if verdict.correct else min(n, len(CREDIT_STAGES) - 1)


def stage_credit(verdict: Verdict, partial_credit: Sequence[float] = DEFAULT_PARTIAL_CREDIT,
                 staged: bool = True) -> float:
    """The correctness reward of one verdict (before any cheat penalty)."""
    if len(partial_credit) != len(CREDIT_STAGES) + 1:
        raise ValueError(f"partial_credit needs {len(CREDIT_STAGES) + 1} values (none, "
                         f"{', '.join(CREDIT_STAGES)}), got {len(partial_credit)}")
    if verdict.violations:
        return 0.0
    if not staged:
        return 1.0 if verdict.correct else 0.0
    return float(partial_credit[stages_earned(verdict)])
