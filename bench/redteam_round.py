"""Tally one red-team round: how many of its cheats the verifier accepts.

A round is a folder as the red team writes it (tests/data/redteam_*): `cheats/NAME.py`, each opening with
`# ref: .../refs/TASK.py; what it does`, and `refs/TASK.py`. This lays the round out as a corpus
(`ref/TASK.py`, `cheat/TASK__NAME.py`) in a temporary folder and runs it through `tritonrl corpus`'s warm lanes
(the `tritonrl verify` contract), then prints one row per cheat and the count accepted.

Run: python bench/redteam_round.py tests/data/redteam_2026_11_27c [--device cpu|cuda] [-j 2] [--json-out F]
"""
from __future__ import annotations

import argparse
import json
import logging
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

REF_LINE = re.compile(r"# ref: (\S+?);")


def lay_out(round_dir: Path, corpus: Path) -> dict[str, str]:
    """Copy the round into corpus layout under `corpus`; returns {corpus-relative cheat path: cheat name}."""
    (corpus / "ref").mkdir(parents=True)
    (corpus / "cheat").mkdir()
    for ref in sorted((round_dir / "refs").glob("*.py")):
        shutil.copy(ref, corpus / "ref" / ref.name)
    names = {}
    for cheat in sorted((round_dir / "cheats").glob("*.py")):
        m = REF_LINE.search(cheat.read_text().splitlines()[0])
        if not m:
            raise SystemExit(f"{cheat}: the first line does not name its reference (`# ref: .../refs/TASK.py;`)")
        task = Path(m.group(1)).stem
        if not (corpus / "ref" / f"{task}.py").exists():
            raise SystemExit(f"{cheat}: its reference {task}.py is not in {round_dir / 'refs'}")
        rel = f"cheat/{task}__{cheat.stem}.py"
        shutil.copy(cheat, corpus / rel)
        names[rel] = cheat.stem
    return names


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("round_dir", type=Path)
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda"))
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--json-out", type=Path, help="write every row here")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    log = logging.getLogger("redteam_round")
    if not (args.round_dir / "cheats").is_dir() or not (args.round_dir / "refs").is_dir():
        ap.error(f"{args.round_dir}: expected cheats/ and refs/ inside")

    from tritonrl.verifier_workers.corpus_run import load_cases, run_cases

    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="redteam_round_") as tmp:
        corpus = Path(tmp)
        names = lay_out(args.round_dir, corpus)
        cases = load_cases(corpus, args.device)
        rows = []
        for row in run_cases(cases, corpus, args.device, args.jobs, warm=True):
            rows.append(row)
            log.info("%d/%d %s: %s", len(rows), len(cases), names[row["file"]],
                     "REJECTED" if row["ok"] else "ACCEPTED")
    rows.sort(key=lambda r: names[r["file"]])
    print("\n| cheat | verdict | stage | why |\n|---|---|---|---|")
    for r in rows:
        verdict = "rejected" if r["ok"] else ("ACCEPTED" if r["correct"] else f"no verdict (rc={r['rc']})")
        print(f"| {names[r['file']]} | {verdict} | {r['stage']} | {r['why'][:120]} |")
    accepted = [r for r in rows if r["correct"] is True]
    print(f"\n{len(accepted)} of {len(rows)} cheats accepted on {args.device} "
          f"({time.perf_counter() - t0:.0f} s; {args.round_dir.name})")
    if args.json_out:
        args.json_out.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
