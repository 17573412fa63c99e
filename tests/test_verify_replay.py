"""Verdicts on recorded real policy samples (bench/data/policy_samples.jsonl, what bench_verify_replay.py
replays) stay what they are: a guard for making verification faster. One sample of each outcome the
recording holds, on the CPU with reproducible seeds; the whole recording's checksum is the benchmark's."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tritonrl.rollout.parsing import parse_response
from tritonrl.tasks.suite import load_builtin

RECORDING = Path(__file__).resolve().parent.parent / "bench" / "data" / "policy_samples.jsonl"
# sample index -> (correct, stage, violations) on the CPU (the interpreter; no timing stage)
# Issue 23's static allowlist moved samples 0, 9 and 18 from a compile failure to an `unknown_name` static
# rejection (`tl.relu`, `torch.constexpr`, `tl.localval` do not exist): an honest mistake, not a cheat
# (reward/terms.py NOT_CHEATS); 9 and 18 keep their torch_compute / kernel_not_launched findings.
EXPECTED = {
    0: (False, "none", ["unknown_name"]),  # `tl.relu` does not exist (was (False, "static", []): a compile failure)
    3: (False, "none", ["syntax_error"]),
    8: (False, "compile", []),  # compiles, wrong output
    9: (False, "none", ["torch_compute", "unknown_name"]),  # `torch.constexpr` does not exist
    18: (False, "none", ["unknown_name", "kernel_not_launched", "not_allowlisted", "torch_compute"]),  # `tl.localval`
    # does not exist; `tl.load` in forward (Triton operations only in kernels)
    22: (True, "full", []),
    23: (True, "full", []),
    46: (True, "full", []),
}


@pytest.fixture(scope="module")
def recording():
    return [json.loads(line) for line in RECORDING.read_text().splitlines()]


def test_the_recording_is_real_policy_output(recording):
    assert len(recording) >= 256
    assert {r["model"] for r in recording} == {"smollm2-135m"} and all(r["sft_epochs"] > 0 for r in recording)
    parsed = [parse_response(r["response"]).code is not None for r in recording]
    assert 0 < sum(parsed) <= len(recording)  # the natural mix: the SFT'd policy mostly writes code


@pytest.mark.parametrize("index", sorted(EXPECTED))
def test_recorded_sample_keeps_its_verdict(index, recording, seeded_verifier):
    tasks = {t.name: t for t in load_builtin()}
    row = recording[index]
    v = seeded_verifier.verify(tasks[row["task"]], parse_response(row["response"]).code)
    assert (v.correct, v.stage, v.violations) == EXPECTED[index], v.error
