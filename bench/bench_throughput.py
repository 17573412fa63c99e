"""Verifier throughput (verdicts/s) on a mixed corpus of gold, broken and cheating candidates (the built-in
suite's gold solutions, broken and truncated copies of them, and cheats taken evenly from the red-team corpus
tests/corpus/cheat, each against its own reference): warm workers (one Verifier) vs a fresh Verifier per
candidate; staged vs unstaged funnel; and one pool actor's worth of lanes (`VerifierWorker`, as the Ray actor
runs it: N Verifiers sharing one GPU, timing exclusive).
Run: python bench/bench_throughput.py [--device auto|cpu|cuda] [--tasks 6] [--cheats 12] [--lanes 4]
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from tqdm import tqdm

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.suite import load_builtin
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.corpus_run import DEFAULT_CORPUS, load_cases
from tritonrl.verifier_workers.funnel.verifier import Verifier
from tritonrl.verifier_workers.verifier_actor import VerifierWorker


def corpus_cheats(n: int):
    """`n` cheats spread evenly over the red-team corpus (a stable choice), each with its own reference."""
    cheats = [c for c in load_cases(DEFAULT_CORPUS, "cpu")
              if c.kind == "cheat" and c.expect == "reject" and not c.known_gap]
    picked = cheats[:: max(1, len(cheats) // n)][:n] if n > 0 else []
    refs = {c.task: (DEFAULT_CORPUS / "ref" / f"{c.task}.py").read_text() for c in picked}
    return [("cheat", Task(name=c.task, level=1, reference_src=refs[c.task]), c.path.read_text()) for c in picked]


def corpus(n_tasks: int, n_cheats: int = 12):
    items = []
    for task in load_builtin()[:n_tasks]:
        items.append(("gold", task, task.gold_src))
        items.append(("broken", task, task.gold_src.replace("tl.store", "tl.atomic_add", 1)))
        items.append(("syntax", task, task.gold_src[: len(task.gold_src) // 2]))
    return items + corpus_cheats(n_cheats)


def run(items, device: str, staged: bool, warm: bool) -> tuple[float, int, dict[str, list[float]]]:
    """verdicts/s over `items`, the number judged correct, and seconds per verdict by candidate kind.
    Warm mode first verifies one untimed gold, so worker start-up and CUDA/Triton initialisation (paid once
    per worker process) are not counted; fresh mode pays them for every candidate."""
    ext = ExtensionsConfig(staged=staged)
    cfg = VerifierConfig()
    verifier = Verifier(cfg, ext, device=device) if warm else None
    if verifier is not None:
        gold = next(task for kind, task, _ in items if kind == "gold")
        verifier.verify(gold, gold.gold_src)
    t0, correct, by_kind = time.perf_counter(), 0, {}
    for kind, task, code in tqdm(items, desc=f"staged={staged} warm={warm}", file=sys.stderr):
        v = verifier or Verifier(cfg, ext, device=device)
        ts = time.perf_counter()
        correct += v.verify(task, code).correct
        by_kind.setdefault(kind, []).append(time.perf_counter() - ts)
        if not warm:
            v.close()
    if verifier:
        verifier.close()
    return len(items) / (time.perf_counter() - t0), correct, by_kind


def run_lanes(items, device: str, lanes: int) -> tuple[float, int, dict[str, list[float]]]:
    """The pool actor's own class, in-process: `lanes` concurrent verify calls, as Ray's max_concurrency
    drives it. Each lane first verifies one gold, untimed (warm start, as in `run`)."""
    ext = ExtensionsConfig(staged=True)
    worker = VerifierWorker(VerifierConfig(), ext, device, slots=lanes)
    gold = next(task for kind, task, _ in items if kind == "gold")
    by_kind: dict[str, list[float]] = {}

    def one(item):
        kind, task, code = item
        ts = time.perf_counter()
        ok = worker.verify(task, code)["correct"]
        return kind, ok, time.perf_counter() - ts

    with ThreadPoolExecutor(lanes) as ex:
        list(ex.map(one, [("gold", gold, gold.gold_src)] * lanes))
        t0 = time.perf_counter()
        correct = 0
        for kind, ok, dt in tqdm(ex.map(one, items), total=len(items), desc=f"lanes={lanes}", file=sys.stderr):
            correct += ok
            by_kind.setdefault(kind, []).append(dt)
        rate = len(items) / (time.perf_counter() - t0)
    worker.close()
    return rate, correct, by_kind


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="auto")
    ap.add_argument("--tasks", type=int, default=6)
    ap.add_argument("--cheats", type=int, default=12, help="cheats taken evenly from tests/corpus/cheat")
    ap.add_argument("--fresh-items", type=int, default=8, help="corpus prefix for the (slow) fresh-process mode")
    ap.add_argument("--lanes", type=int, default=4, help="lanes of the pool-actor row (0: skip it)")
    args = ap.parse_args()
    items = corpus(args.tasks, args.cheats)
    print(f"{len(items)} candidates")
    kinds = ("gold", "broken", "syntax", "cheat")
    print(f"{'mode':28s} {'verdicts/s':>10s} {'correct':>8s} " + " ".join(f"{k + ' s':>9s}" for k in kinds))
    for staged, warm in ((True, True), (False, True), (True, False)):
        subset = items if warm else items[: args.fresh_items]
        rate, ok, by_kind = run(subset, args.device, staged, warm)
        mean = " ".join(f"{sum(by_kind[k]) / len(by_kind[k]):9.3f}" if by_kind.get(k) else f"{'-':>9s}" for k in kinds)
        print(f"{f'staged={staged} warm={warm} n={len(subset)}':28s} {rate:10.3f} {ok:8d} {mean}", flush=True)
    if args.lanes:
        rate, ok, by_kind = run_lanes(items, args.device, args.lanes)
        mean = " ".join(f"{sum(by_kind[k]) / len(by_kind[k]):9.3f}" if by_kind.get(k) else f"{'-':>9s}" for k in kinds)
        print(f"{f'pool actor lanes={args.lanes} n={len(items)}':28s} {rate:10.3f} {ok:8d} {mean}", flush=True)


if __name__ == "__main__":
    main()
