"""How many honest kernels the strict larger variants refuse: the evidence behind `verifier.larger_shapes` and
`verifier.strict_shapes` (issue 23, item 7).

Runs the honest corpus candidates that the device should accept (tests/corpus, expected.json) through the full
stage only, with the larger variants of `--mode` (every_dim: every size the reference takes grows, by factors
drawn per verification, funnel/variants.larger_plan; batch: the batch-like size x `--factor`), and counts what
the larger variants gave together: passed (all of them), raised (a raise at sizes the reference accepts: with
strict shapes, the default, that fails the verdict), failed (a wrong answer), no free size, or another failure
before them. Static and compile are skipped: the corpus run already checks those, and neither depends on the
variant. Prints a table per outcome with the candidates that did not pass.
Run: python bench/bench_shape_generalisation.py [--every N] [--mode every_dim|batch] [--device cpu|cuda]
     [--shard I/N]  (shards: run N processes side by side, add up their tables)
"""
from __future__ import annotations

import argparse
import logging
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=REPO / "tests" / "corpus")
    ap.add_argument("--every", type=int, default=1, help="every N-th honest candidate (default: all)")
    ap.add_argument("--mode", default="every_dim", choices=("every_dim", "batch"))
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda"))
    ap.add_argument("--factor", type=int, default=3, help="verifier.larger_shapes_factor")
    ap.add_argument("--shard", default="0/1", help="I/N: the I-th of N interleaved shards of the candidates")
    args = ap.parse_args(argv)
    shard, shards = (int(v) for v in args.shard.split("/"))
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    log = logging.getLogger("bench_shape_generalisation")

    from tritonrl.config import ExtensionsConfig, VerifierConfig
    from tritonrl.tasks.task import Task
    from tritonrl.verifier_workers.corpus_run import load_cases
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    cases = [c for c in load_cases(args.corpus, args.device) if c.kind == "honest" and c.expect == "accept"]
    cases = cases[::args.every][shard::shards]
    cfg = VerifierConfig(stages=["full"], seed_entropy=False, larger_shapes=args.mode,
                         larger_shapes_factor=args.factor)
    outcome: Counter = Counter()
    failed: list[tuple[str, str]] = []
    t0 = time.perf_counter()
    with Verifier(cfg, ExtensionsConfig(multi_input=True), device=args.device) as verifier:
        for i, case in enumerate(cases, 1):
            ref = (args.corpus / "ref" / f"{case.task}.py").read_text()
            verdict = verifier.verify(Task(case.task, 1, ref, source="file"), case.path.read_text())
            larger = [r for r in verdict.variants if r["name"].startswith("larger_")]
            bad = next((r for r in larger if not r.get("passed")), None)
            if not larger:
                kind = "other failure" if not verdict.correct else "no free size"
            elif bad is None:
                kind = "passed"
            else:
                kind = "raised" if str(bad.get("error", "")).startswith("raised at sizes") else "failed"
            larger = bad
            outcome[kind] += 1
            if kind in ("failed", "raised", "other failure"):
                failed.append((case.rel, kind + ": " + str(larger.get("error") if larger else verdict.error)[:110]))
            if i % 25 == 0:
                log.info("%d/%d candidates, %.0f s", i, len(cases), time.perf_counter() - t0)
    n = len(cases)
    print(f"\nlarger_shapes={args.mode} (strict shapes): {n} honest candidates ({args.device}-accepted, every {args.every}, "
          f"shard {args.shard}), "
          f"{time.perf_counter() - t0:.0f} s")
    print("| outcome | candidates | share |\n|---|---|---|")
    for kind in ("passed", "raised", "failed", "no free size", "other failure"):
        print(f"| {kind} | {outcome[kind]} | {outcome[kind] / max(n, 1):.1%} |")
    for rel, why in failed:
        print(f"  {rel}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
