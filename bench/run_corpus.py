"""Run a labelled corpus of candidates through the CLI contract and report every misclassification.

The corpus (tests/corpus by default) is what red-teaming produced: `honest/`, `cheat/` and `crash/` folders of
candidates named `TASK__what.py`, against `ref/TASK.py`. Each goes through exactly what a user runs,
`tritonrl verify ref/TASK.py CANDIDATE --device D --json`, in parallel. Expected: honest -> exit 0 and
`correct: true`; cheat and crash -> exit 1 or 2 with one JSON object on stdout and `correct: false`.
`expected.json` overrides single files: "accept"/"reject", per device ({"cpu": ...}), or
{"expect": ..., "known_gap": "why"} for a documented miss (listed, not counted).
Run:  python bench/run_corpus.py --device cpu -j 2       (GPU: --device cuda -j 8)
Exit status: 0 iff nothing was misclassified.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from tqdm.auto import tqdm

DEFAULT = Path(__file__).resolve().parent.parent / "tests" / "corpus"
KINDS = ("honest", "cheat", "crash")


@dataclass
class Case:
    path: Path
    kind: str  # honest | cheat | crash
    task: str
    expect: str  # accept | reject
    known_gap: str = ""  # a documented miss: reported, not counted as a misclassification


def load_cases(root: Path, device: str) -> list[Case]:
    overrides = json.loads((root / "expected.json").read_text()) if (root / "expected.json").exists() else {}
    cases = []
    for kind in KINDS:
        for p in sorted((root / kind).glob("*.py")):
            rel = f"{kind}/{p.name}"
            expect = "accept" if kind == "honest" else "reject"
            o = overrides.get(rel)
            if isinstance(o, dict) and device in o:
                o = o[device]
            gap = o.get("known_gap", "") if isinstance(o, dict) else ""
            if isinstance(o, str):
                expect = o
            elif isinstance(o, dict) and "expect" in o:
                expect = o["expect"]
            cases.append(Case(p, kind, p.name.split("__")[0], expect, gap))
    if not cases:
        raise SystemExit(f"no candidates under {root}/{{{','.join(KINDS)}}}/")
    return cases


def run_case(case: Case, root: Path, device: str, timeout_s: float) -> dict:
    cmd = [sys.executable, "-m", "tritonrl.verifier_workers.cli_verify", str(root / "ref" / f"{case.task}.py"),
           str(case.path), "--device", device, "--json"]
    t = time.perf_counter()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)
        rc, out, err = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = None, "", f"no answer within {timeout_s:.0f} s"
    seconds = time.perf_counter() - t
    try:
        verdict = json.loads(out)
    except json.JSONDecodeError:
        verdict = None
    if verdict is None or rc is None:
        ok = False  # every input, however broken, must get one JSON object and an exit status
    elif case.expect == "accept":
        ok = rc == 0 and verdict.get("correct") is True
    else:
        ok = rc in (1, 2) and verdict.get("correct") is False
    why = (verdict or {}).get("error") or ",".join((verdict or {}).get("violations") or []) or err.strip()[-160:]
    if case.known_gap and verdict is not None and rc is not None:
        ok = True  # documented; the report still lists it
    return dict(file=f"{case.kind}/{case.path.name}", expect=case.expect, ok=ok, rc=rc, known_gap=case.known_gap,
                correct=(verdict or {}).get("correct"), stage=(verdict or {}).get("stage"),
                violations=(verdict or {}).get("violations"), why=" ".join(str(why).split())[:200],
                seconds=round(seconds, 1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=DEFAULT)
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per candidate before it counts as hung")
    ap.add_argument("--only", default="", help="substring filter on file names")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated subset of honest,cheat,crash")
    ap.add_argument("--json-out", type=Path, help="write every row here")
    args = ap.parse_args()
    kinds = set(args.kinds.split(","))
    cases = [c for c in load_cases(args.corpus, args.device) if args.only in c.path.name and c.kind in kinds]
    rows = []
    with ThreadPoolExecutor(args.jobs) as ex:
        futs = [ex.submit(run_case, c, args.corpus, args.device, args.timeout) for c in cases]
        for f in tqdm(as_completed(futs), total=len(futs), desc=f"corpus ({args.device})"):
            rows.append(f.result())
            if not rows[-1]["ok"]:  # as they come: a run cut short still says what it found
                tqdm.write(f"miss: {rows[-1]['file']}: {rows[-1]['why']}")
            if args.json_out:
                args.json_out.write_text(json.dumps(rows, indent=1))
    rows.sort(key=lambda r: r["file"])
    print(f"\n| kind | cases | as expected |\n|---|---|---|")
    for kind in KINDS:
        sel = [r for r in rows if r["file"].startswith(kind + "/")]
        if sel:
            print(f"| {kind} | {len(sel)} | {sum(r['ok'] for r in sel)} |")
    bad = [r for r in rows if not r["ok"]]
    print(f"\n{len(rows) - len(bad)} of {len(rows)} as expected on {args.device}; "
          f"{sum(r['seconds'] for r in rows):.0f} s of verification in all")
    for r in rows:
        if r["known_gap"]:
            print(f"KNOWN GAP {r['file']}: {r['known_gap']} (got correct={r['correct']})")
    for r in bad:
        print(f"MISS {r['file']}: expected {r['expect']}, got rc={r['rc']} correct={r['correct']} "
              f"stage={r['stage']} violations={r['violations']}: {r['why']}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
