"""Honest styles the rules once rejected and cheats they once let through, found by red-teaming the CLI
(`tritonrl verify REF CAND --device cpu --json`). Files: tests/cli_cases/{honest,cheat}__TASK__what.py
against tests/cli_cases/ref_TASK.py.

- honest: input checks that raise, an early return for empty inputs, kernels defined in a class,
  autotune over several configs (which the interpreter cannot benchmark), libdevice calls (which the
  interpreter cannot run), and kernels written for the task's sizes only (a power-of-two assertion, no masks:
  they fail or write out of bounds at the tiny stage's odd sizes) must be accepted;
- cheat: PyTorch inside a @triton.jit body (the interpreter runs it), and host-side compute through
  `.item()` in a loop or `.tolist()`/`.numpy()` (also via getattr), or element reads in Python (`float(v)`
  for every element, caught at run time) must be rejected as torch_compute(_runtime).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).parent / "cli_cases"
FILES = sorted(p for p in CASES.glob("*.py") if not p.name.startswith("ref_"))
CMD = [sys.executable, "-m", "tritonrl.verifier_workers.cli_verify"]


@pytest.mark.parametrize("cand", FILES, ids=[p.stem for p in FILES])
def test_cli_case(cand: Path) -> None:
    kind, task, _ = cand.stem.split("__")
    r = subprocess.run(CMD + [str(CASES / f"ref_{task}.py"), str(cand), "--device", "cpu", "--json"],
                       capture_output=True, text=True, timeout=600)
    verdict = json.loads(r.stdout)
    if kind == "honest":
        assert verdict["correct"] and r.returncode == 0, (verdict["error"], verdict["violations"])
    else:
        assert not verdict["correct"] and r.returncode == 1
        assert {"torch_compute", "torch_compute_runtime"} & set(verdict["violations"]), (verdict["error"],
                                                                                  verdict["violations"])
