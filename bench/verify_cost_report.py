"""Where verification's time went in a training run, read from its rollout table.

    python bench/verify_cost_report.py runs/<run>/mlruns/<exp>/<run id>/artifacts/samples/rollouts.json

`samples/rollouts.json` (tritonrl/sample_log.py) holds one row per RL sample with `verify_s` (the verdict's
seconds) and `stage_s` (JSON: per stage its seconds and its sandbox calls as [calls, seconds] per worker
operation). Prints markdown: correct vs not correct samples (count, seconds each, share of lane time), the
stages and sandbox operations per correct sample, and the correct samples' seconds by task. Nothing is written.
"""
from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys


def report(path: str) -> str:
    with open(path) as f:
        table = json.load(f)
    ix = {c: i for i, c in enumerate(table["columns"])}
    if "stage_s" not in ix:
        raise SystemExit(f"{path}: no stage_s column (a run from before the verdicts recorded their sandbox calls)")
    rows = table["data"]
    total = sum(r[ix["verify_s"]] for r in rows) or 1.0
    out = ["| samples | n | verify s each (mean / median) | lane seconds (share) |", "|---|---|---|---|"]
    for label, keep in (("correct", True), ("not correct", False)):
        xs = [r[ix["verify_s"]] for r in rows if bool(r[ix["correct"]]) == keep]
        if xs:
            out.append(f"| {label} | {len(xs)} | {statistics.mean(xs):.2f} / {statistics.median(xs):.2f} | "
                       f"{sum(xs):,.0f} ({sum(xs) / total:.0%}) |")
    correct = [r for r in rows if r[ix["correct"]]]
    if not correct:
        return "\n".join(out)
    stages: collections.Counter = collections.Counter()
    calls: collections.Counter = collections.Counter()
    counts: collections.Counter = collections.Counter()
    for r in correct:
        for stage, d in json.loads(r[ix["stage_s"]]).items():
            stages[stage] += d.get("s") or 0.0
            for op, (n, s) in d.get("calls", {}).items():
                calls[(stage, op)] += s
                counts[(stage, op)] += n
    n = len(correct)
    out += ["", "| stage | seconds per correct sample | sandbox operation | calls per sample | seconds per call |",
            "|---|---|---|---|---|"]
    for stage, s in sorted(stages.items(), key=lambda kv: -kv[1]):
        ops = sorted(((op, t) for (st, op), t in calls.items() if st == stage), key=lambda kv: -kv[1])
        out.append(f"| {stage} | {s / n:.2f} | | | |")
        out += [f"| | | {op} | {counts[(stage, op)] / n:.1f} | {t / counts[(stage, op)]:.3f} |" for op, t in ops]
    by_task = collections.defaultdict(list)
    for r in correct:
        by_task[r[ix["task"]]].append(r[ix["verify_s"]])
    out += ["", "| task | correct samples | verify s each |", "|---|---|---|"]
    out += [f"| {t} | {len(xs)} | {statistics.mean(xs):.2f} |"
            for t, xs in sorted(by_task.items(), key=lambda kv: -sum(kv[1]))]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("rollouts", help="a run's samples/rollouts.json")
    args = ap.parse_args(argv)
    try:
        print(report(args.rollouts))
    except (OSError, ValueError, KeyError) as e:
        print(f"verify_cost_report: {args.rollouts}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
