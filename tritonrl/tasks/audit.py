"""`tritonrl data audit`: is the held-out split still held out? Compares every held-out reference with every
training-side item by normalised text similarity (tasks/similarity.py).

Held-out side: the built-in "heldout" split and the shipped held-out KernelBench problems (tasks/heldout.py).
Training side: every other built-in task (train and dev) with its gold, `--synthetic N` generated SFT items
(tasks/synthetic.py), and, when given, the non-held-out KernelBench problems of `--kernelbench PATH` (levels
1-4) and the KernelBook pairs of `--kernelbook PATH`. Prints the closest pair and its score; exit status 1
when the score is >= `--threshold` (0.9), 2 for unusable input, else 0.
"""
from __future__ import annotations

import argparse
import sys

from tritonrl.tasks.kernelbench import load_kernelbench, load_kernelbench_heldout
from tritonrl.tasks.kernelbook import load_kernelbook
from tritonrl.tasks.similarity import AUDIT_THRESHOLD, closest
from tritonrl.tasks.suite import load_builtin
from tritonrl.tasks.synthetic import synthetic_pairs


def heldout_items() -> list[tuple[str, str]]:
    return [(t.name, t.reference_src) for t in load_builtin("heldout") + load_kernelbench_heldout()]


def training_items(kernelbench_path: str = "", kernelbook_path: str = "", synthetic: int = 256
                   ) -> list[tuple[str, str]]:
    items: list[tuple[str, str]] = []
    for t in load_builtin():
        if t.split != "heldout":
            items += [(t.name, t.reference_src), (f"{t.name} (gold)", t.gold_src or "")]
    for i, p in enumerate(synthetic_pairs(synthetic, seed=0) if synthetic else []):
        items += [(f"synthetic[{i}] {p.name}", p.reference_src), (f"synthetic[{i}] {p.name} (gold)", p.code)]
    if kernelbench_path:
        items += [(t.name, t.reference_src) for t in load_kernelbench(kernelbench_path, levels=(1, 2, 3, 4))
                  if t.split == "train"]
    if kernelbook_path:
        for i, p in enumerate(load_kernelbook(kernelbook_path)):
            items += [(f"kernelbook[{i}] {p.name}", p.reference_src), (f"kernelbook[{i}] {p.name} (gold)", p.code)]
    return items


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="tritonrl data audit", description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernelbench", default="", help="KernelBench JSONL dir/file: its training problems too")
    ap.add_argument("--kernelbook", default="", help="KernelBook JSONL: its SFT pairs too")
    ap.add_argument("--synthetic", type=int, default=256, help="generated SFT items to compare (0: none)")
    ap.add_argument("--threshold", type=float, default=AUDIT_THRESHOLD)
    args = ap.parse_args(argv)
    try:
        train = training_items(args.kernelbench, args.kernelbook, args.synthetic)
    except (OSError, ValueError, RuntimeError) as e:
        print(f"tritonrl data audit: {e}", file=sys.stderr)
        return 2
    held = heldout_items()
    score, a, b = closest(held, train)
    print(f"{len(held)} held-out references x {len(train)} training items; closest: {a} ~ {b}: {score:.3f}")
    if score >= args.threshold:
        print(f"FAIL: {a} is {score:.3f} similar to training item {b} (threshold {args.threshold})")
        return 1
    print(f"ok: every pair below {args.threshold}")
    return 0
