"""Verification throughput on real policy samples: replay a recording through the verifier pool as
`tritonrl train` verifies a step's rollouts, and say where the time goes.

A recording (JSONL, one sample a line: task, response, ...) comes from a trained policy:
    tritonrl train preset=gpu1 learner.micro_batch_size=2 data.synthetic_sft=64 train.rl_steps=0 \
        train.record_samples=bench/data/policy_samples.jsonl train.record_n=256
Each response is parsed as the trainer parses it (an unparseable one gets its zero verdict without the
pool, as in training); the rest go through `VerifierPool.verify_stream`, the trainer's own call, with the
config that Hydra composes from the same overrides as `tritonrl train`.
Prints: verdicts/s (all samples, and those the pool verified), seconds per funnel stage (summed over
verdicts: static, compile, tiny, full (multi-input), timing), the per-sample wall-time histogram, the mix
of outcomes, and a checksum of every verdict (correct, stage, violations in sample order), so that a speed
change that changes any verdict shows.
Run: python bench/bench_verify_replay.py [--samples FILE] [--limit N] [hydra overrides, e.g. preset=gpu1]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
import time
from collections import Counter
from pathlib import Path

DEFAULT_SAMPLES = Path(__file__).resolve().parent / "data" / "policy_samples.jsonl"
STAGES = ("static", "compile", "tiny", "full", "timing")
BINS = (0.5, 1, 2, 5, 10, 20, 60)


def load_samples(path: Path, limit: int = 0) -> list[dict]:
    if not path.is_file():
        raise SystemExit(f"bench_verify_replay: no recording at {path} (see this script's docstring)")
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return rows[:limit] if limit else rows


def compose(overrides: list[str]):
    from hydra import compose as hydra_compose, initialize_config_module

    import tritonrl.train  # noqa: F401  (registers the config schema the config tree's defaults name)
    from tritonrl.config import to_dataclass

    with initialize_config_module(config_module="tritonrl.conf", version_base=None):
        return to_dataclass(hydra_compose("config", overrides=overrides))


def checksum(verdicts) -> str:
    h = hashlib.sha256()
    for v in verdicts:
        h.update(json.dumps([v.correct, v.stage, sorted(v.violations)]).encode())
    return h.hexdigest()[:16]


def outcome(v) -> str:
    from tritonrl.reward.terms import NOT_CHEATS

    if v.correct:
        return "correct"
    if set(v.violations) - NOT_CHEATS:
        return "rejected: " + ",".join(sorted(v.violations))[:40]
    return f"stopped after {v.stage}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=Path, default=DEFAULT_SAMPLES)
    ap.add_argument("--limit", type=int, default=0, help="the first N samples only (0: all)")
    ap.add_argument("--json-out", type=Path, help="write the figures and every verdict here")
    ap.add_argument("--cold", action="store_true", help="warm one lane only (a run's first step)")
    ap.add_argument("overrides", nargs="*", help="Hydra overrides, as for `tritonrl train`")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)

    from tritonrl.cluster import ensure_ray
    from tritonrl.reward.experience import unparseable_verdict
    from tritonrl.rollout.parsing import parse_response
    from tritonrl.tasks.suite import load_builtin
    from tritonrl.verifier_workers.pool import VerifierPool

    rows = load_samples(args.samples, args.limit)
    cfg = compose(args.overrides)
    tasks = {t.name: t for t in load_builtin()}
    unknown = sorted({r["task"] for r in rows} - set(tasks))
    if unknown:
        raise SystemExit(f"bench_verify_replay: the recording names tasks this suite lacks: {unknown[:5]}")
    parsed = [parse_response(r["response"]) for r in rows]
    todo = [(i, tasks[r["task"]], p.code) for i, (r, p) in enumerate(zip(rows, parsed)) if p.code]
    verdicts = [None if p.code else unparseable_verdict(tasks[r["task"]], p) for r, p in zip(rows, parsed)]

    ensure_ray(cfg.ray)
    pool = VerifierPool(cfg.pool, cfg.verifier, cfg.extensions, progress=True)
    try:
        # worker start-up is paid once per run, not per step: every lane verifies one gold first, as every lane
        # has after the first RL step (--cold: only one lane, the figure a run's first step sees)
        golds = [t for t in tasks.values() if t.gold_src]
        n_warm = 1 if args.cold else pool.slots * len(pool.workers)
        pool.verify_many([(t, t.gold_src) for t in golds[:n_warm]])
        t0 = time.perf_counter()
        for j, v in pool.verify_stream([(t, code) for _, t, code in todo]):
            verdicts[todo[j][0]] = v
        wall = time.perf_counter() - t0
    finally:
        pool.shutdown()

    per_stage = {s: sum(v.stages.get(s, {}).get("seconds", 0.0) for v in verdicts) for s in STAGES}
    hist = Counter(next((f"<= {b} s" for b in BINS if v.seconds <= b), f"> {BINS[-1]} s") for v in verdicts if v.seconds)
    mix = Counter(outcome(v) for v in verdicts)
    figures = {"samples": len(rows), "verified": len(todo), "wall_s": round(wall, 2),
               "verdicts_per_s": round(len(rows) / wall, 3), "verified_per_s": round(len(todo) / wall, 3),
               "stage_seconds": {k: round(x, 2) for k, x in per_stage.items()},
               "device": pool.device, "lanes": pool.slots * len(pool.workers), "warm_lanes": n_warm,
               "checksum": checksum(verdicts), "overrides": args.overrides, "recording": str(args.samples)}
    print(f"\n{len(rows)} samples ({len(todo)} parsed and verified) in {wall:.1f} s: "
          f"{figures['verdicts_per_s']:.2f} verdicts/s ({figures['verified_per_s']:.2f} verified/s)")
    print("\n| stage | seconds (sum over verdicts) | share |\n|---|---|---|")
    total = sum(per_stage.values()) or 1.0
    for s in STAGES:
        print(f"| {s} | {per_stage[s]:.1f} | {per_stage[s] / total:.0%} |")
    print("\n| wall time per verdict | samples |\n|---|---|")
    for b in [f"<= {b} s" for b in BINS] + [f"> {BINS[-1]} s"]:
        if hist.get(b):
            print(f"| {b} | {hist[b]} |")
    print("\n| outcome | samples |\n|---|---|")
    for k, n in mix.most_common():
        print(f"| {k} | {n} |")
    print(f"\nverdict checksum: {figures['checksum']}")
    if args.json_out:
        args.json_out.write_text(json.dumps({**figures, "verdicts": [
            {"task": r["task"], "correct": v.correct, "stage": v.stage, "violations": v.violations,
             "seconds": v.seconds, "error": v.error} for r, v in zip(rows, verdicts)]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
