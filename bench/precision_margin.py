"""The margin of the measured-precision check (verifier_workers/sandbox/precision.py) on a labelled corpus.

Each candidate goes through the verifier (one warm lane, precision_check in `measure` mode: the check records,
never refuses, so every judged variant is measured); for each file the worst judged output gives
  x_ref = err / ref_err   (the candidate's RMS error against the float64 reference, over the fp32 reference's)
  ulps  = err / (eps32 * scale)   (the same error in fp32 ulps of the output's RMS)
and a file is refused iff x_ref > K_REF and ulps > FLOOR_ULPS on one output (`ratio` > 1). Printed: the
distribution of both numbers and of `ratio` for the honest files and the cheats, the honest files nearest the
line, and how many would be accepted at the current thresholds.

    PYTHONPATH=. python bench/precision_margin.py --honest-tasks-of tests/corpus --json-out /tmp/prec.json
    PYTHONPATH=. python bench/precision_margin.py --from-json /tmp/prec.json      (the table again)
    PYTHONPATH=. python bench/precision_margin.py --list honest.txt --cheat tests/data/redteam_2026_11_27c
"""
from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUND_6_CHEATS = ("R6A_04_magic_round_softmax", "R6B_04_float_fixed_point_round", "R6B_06_byte_pointer_truncation",
                  "R6B_10_int_other_fixed_point")


def cases(args) -> list[tuple[str, str, str]]:
    """(label, reference path, candidate path): the corpus's honest files (or --list's), then the cheats."""
    out = []
    corpus = Path(args.corpus)
    if args.list:
        rels = [ln.split("#")[0].strip() for ln in Path(args.list).read_text().splitlines()]
        rels = [r for r in rels if r]
    else:
        rels = [f"honest/{p.name}" for p in sorted((corpus / "honest").glob("*.py"))] if args.all_honest else []
    for rel in rels:
        task = Path(rel).name.split("__")[0]
        out.append((rel.split("/")[0], str(corpus / "ref" / f"{task}.py"), str(corpus / rel)))
    rt = Path(args.redteam)
    for name in (args.cheats.split(",") if args.cheats else []):
        path = rt / "cheats" / f"{name}.py"
        m = re.search(r"refs/(\w+)\.py", path.read_text().splitlines()[0])
        out.append(("cheat", str(rt / "refs" / f"{m.group(1)}.py"), str(path)))
    return out


def run(args) -> list[dict]:
    from tritonrl.verifier_workers.cli_verify import configs, verify_files
    from tritonrl.verifier_workers.corpus_run import WarmLanes
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    todo = cases(args)
    vargs = WarmLanes.verify_args("", "", "cpu")
    vargs.seed = args.seed
    cfg, ext = configs(vargs)
    cfg.precision_check = "measure"
    # the compile stage (triton.compile of every launch for a GPU target) decides nothing here and costs the
    # most on a CPU; the precision check runs in the full stage
    cfg.stages = [s for s in cfg.stages if s in args.stages.split(",")]
    rows = []
    with Verifier(cfg, ext, device="cpu") as v:
        for i, (label, ref, cand) in enumerate(todo):
            a = WarmLanes.verify_args(ref, cand, "cpu")
            a.seed = args.seed
            t = time.perf_counter()
            rc, payload, _ = verify_files(a, verifier=v)
            meas = [dict(m, variant=var["name"]) for var in payload.get("variants") or []
                    for m in var.get("precision") or []]
            rows.append({"label": label, "file": cand, "correct": payload.get("correct"),
                         "error": payload.get("error"), "measures": meas, "seconds": round(time.perf_counter() - t, 1)})
            print(f"[{i + 1}/{len(todo)}] {Path(cand).name}: correct={payload.get('correct')} "
                  f"worst={worst(rows[-1])}", file=sys.stderr, flush=True)
            if args.json_out:
                Path(args.json_out).write_text(json.dumps(rows, indent=1))
    return rows


def worst(row: dict) -> dict | None:
    """The row's measure with the highest ratio under the current thresholds (recomputed, so --from-json
    follows edits of K_REF / FLOOR_ULPS)."""
    from tritonrl.verifier_workers.sandbox import precision as p

    best = None
    for m in row["measures"]:
        eps = p.EPS32
        allowed = max(p.K_REF * m["ref_err"], p.FLOOR_ULPS * eps * m["scale"])
        ratio = m["err"] / allowed if allowed > 0 else (0.0 if m["err"] == 0 else math.inf)
        x_ref = m["err"] / m["ref_err"] if m["ref_err"] > 0 else (0.0 if m["err"] == 0 else math.inf)
        ulps = m["err"] / (eps * m["scale"]) if m["scale"] > 0 else (0.0 if m["err"] == 0 else math.inf)
        cur = {"ratio": ratio, "x_ref": x_ref, "ulps": ulps, "variant": m["variant"], "output": m["output"]}
        if best is None or ratio > best["ratio"]:
            best = cur
    return best


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(math.ceil(q * len(xs))) - 1)] if xs else float("nan")


def table(rows: list[dict]) -> None:
    from tritonrl.verifier_workers.sandbox import precision as p

    print(f"thresholds: K_REF={p.K_REF:g} (x the fp32 reference's error), FLOOR_ULPS={p.FLOOR_ULPS:g}\n")
    print("| set | files | measured | ratio max | ratio p99 | ratio p50 | x_ref max | ulps max | accepted now |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label in ("honest", "cheat"):
        sel = [r for r in rows if r["label"] == label]
        if not sel:
            continue
        ws = [w for w in (worst(r) for r in sel) if w is not None]
        acc = sum(1 for r in sel if r["correct"] and (worst(r) is None or worst(r)["ratio"] <= 1.0))
        f = lambda xs, fn: f"{fn(xs):.3g}" if xs else "-"  # noqa: E731
        ratios = [w["ratio"] for w in ws]
        print(f"| {label} | {len(sel)} | {len(ws)} | {f(ratios, max)} | {f(ratios, lambda x: pct(x, 0.99))} | "
              f"{f(ratios, lambda x: pct(x, 0.5))} | {f([w['x_ref'] for w in ws], max)} | "
              f"{f([w['ulps'] for w in ws], max)} | {acc} |")
    honest = sorted(((worst(r), r) for r in rows if r["label"] == "honest" and worst(r)),
                    key=lambda t: -t[0]["ratio"])
    print("\nhonest files nearest the line (ratio = err / allowed):")
    for w, r in honest[:12]:
        print(f"  {w['ratio']:.3g}  x_ref {w['x_ref']:.3g}  ulps {w['ulps']:.3g}  {w['variant']}  "
              f"{Path(r['file']).name}")
    print("\ncheats:")
    for r in rows:
        if r["label"] == "cheat":
            w = worst(r)
            print(f"  {Path(r['file']).name}: " + (f"ratio {w['ratio']:.3g}  x_ref {w['x_ref']:.3g}  ulps "
                                                   f"{w['ulps']:.3g}  {w['variant']}" if w else "not measured")
                  + f"  (correct={r['correct']})")
    bad = [Path(r["file"]).name for r in rows if r["label"] == "honest" and not r["correct"]]
    if bad:
        print(f"\nhonest files refused for other reasons: {', '.join(bad)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "tests" / "corpus"))
    ap.add_argument("--list", help="corpus-relative paths to run (honest/x.py, one a line)")
    ap.add_argument("--all-honest", action="store_true", help="every file of the corpus's honest/")
    ap.add_argument("--redteam", default=str(ROOT / "tests" / "data" / "redteam_2026_11_27c"))
    ap.add_argument("--cheats", default=",".join(ROUND_6_CHEATS), help="red-team cheat names ('' for none)")
    ap.add_argument("--seed", type=int, default=None, help="fixed seeds (default: fresh ones, as in training)")
    ap.add_argument("--stages", default="static,tiny,full", help="funnel stages to run (the check is in full)")
    ap.add_argument("--json-out", help="write the rows here as they come")
    ap.add_argument("--from-json", help="print the table of an earlier run's rows")
    args = ap.parse_args(argv)
    rows = json.loads(Path(args.from_json).read_text()) if args.from_json else run(args)
    table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
