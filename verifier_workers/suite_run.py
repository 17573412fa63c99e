"""`tritonrl suite`: verify every built-in task's gold solution through the Ray verifier pool.

A smoke test of the whole verifier stack on a cluster (Ray attach, actors, sandboxes, the funnel): every
gold kernel must come back correct. Exit status 0 when all do, 1 otherwise.

    python -m tritonrl.verifier_workers.suite_run --device cpu --workers 2
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from rich.console import Console
from rich.table import Table

from tritonrl.cluster import ensure_ray
from tritonrl.config import Config
from tritonrl.reward.credit import stage_credit
from tritonrl.tasks.suite import load_builtin
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.pool import VerifierPool
from tritonrl.verifier_workers.verdict import Verdict


def gold_items(names: list[str] | None = None) -> list[tuple[Task, str]]:
    tasks = [t for t in load_builtin() if t.gold_src]
    if names:
        unknown = sorted(set(names) - {t.name for t in tasks})
        if unknown:
            raise ValueError(f"unknown built-in tasks: {', '.join(unknown)}")
        tasks = [t for t in tasks if t.name in names]
    return [(t, t.gold_src) for t in tasks]


def run_suite(cfg: Config | None = None, pool: VerifierPool | None = None, names: list[str] | None = None,
              progress: bool = True) -> list[Verdict]:
    """Verdicts for the gold solutions, in suite order. Uses `pool`, or starts (and stops) one from `cfg`."""
    cfg = cfg or Config()
    items = gold_items(names)
    own = pool is None
    if own:
        ensure_ray(cfg.ray)
        pool = VerifierPool(cfg.pool, cfg.verifier, cfg.extensions)
    try:
        return pool.verify_many(items, progress=progress)
    finally:
        if own:
            pool.shutdown()


def exit_status(verdicts: list[Verdict]) -> int:
    return 0 if verdicts and all(v.correct for v in verdicts) else 1


def print_table(verdicts: list[Verdict], levels: dict[str, int], console: Console | None = None) -> None:
    table = Table(title="built-in suite: gold solutions")
    for col, justify in [("task", "left"), ("level", "right"), ("stage", "left"), ("correct", "center"),
                         ("reward", "right"), ("speedup", "right"), ("seconds", "right")]:
        table.add_column(col, justify=justify, no_wrap=True)
    table.add_column("error", overflow="fold")
    for v in verdicts:
        table.add_row(v.task, str(levels.get(v.task, "")), v.stage, "[green]yes[/]" if v.correct else "[red]no[/]",
                      f"{stage_credit(v):.2f}", "-" if v.speedup is None else f"{v.speedup:.2f}x", f"{v.seconds:.1f}",
                      v.error or "")
    console = console or Console()
    console.print(table)
    console.print(f"{sum(v.correct for v in verdicts)}/{len(verdicts)} correct")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tritonrl suite", description=__doc__.splitlines()[0])
    parser.add_argument("--device", choices=["auto", "cpu", "cuda"], default="auto",
                        help="where candidates run (auto: cuda when the Ray cluster has GPUs)")
    parser.add_argument("--workers", type=int, default=0,
                        help="verifier actors (0: one per GPU, or pool.cpu_workers on a CPU cluster)")
    parser.add_argument("--tasks", default="", help="comma-separated task names (default: all)")
    parser.add_argument("--address", default="", help="Ray cluster address (default: $RAY_ADDRESS, else local)")
    parser.add_argument("--json", action="store_true", help="print verdicts as JSON instead of a table")
    args = parser.parse_args(argv)

    cfg = Config()
    cfg.verifier.device = args.device
    cfg.pool.num_workers = max(0, args.workers)
    cfg.ray.address = args.address
    names = [n for n in args.tasks.split(",") if n] or None
    try:
        levels = {t.name: t.level for t, _ in gold_items(names)}
        t0 = time.perf_counter()
        verdicts = run_suite(cfg, names=names, progress=not args.json)
        wall = time.perf_counter() - t0
    except (ValueError, RuntimeError, ConnectionError) as e:
        print(f"tritonrl suite: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps([v.to_dict() for v in verdicts], indent=1, default=str))
    else:
        print_table(verdicts, levels)
        print(f"{len(verdicts)} verdicts in {wall:.1f} s ({len(verdicts) / wall:.2f}/s incl. pool start)")
    return exit_status(verdicts)


if __name__ == "__main__":
    sys.exit(main())
