"""`tritonrl corpus`: run a labelled corpus of candidates through the CLI contract and report every
misclassification.

The corpus (the repository's tests/corpus by default) is what red-teaming produced: `honest/`, `cheat/` and
`crash/` folders of candidates named `TASK__what.py`, against `ref/TASK.py`. Each goes through exactly what a
user runs, `tritonrl verify ref/TASK.py CANDIDATE --device D --json`, in parallel. Expected: honest -> exit 0
and `correct: true`; cheat and crash -> exit 1 or 2 with one JSON object on stdout and `correct: false`.
`expected.json` overrides single files: "accept"/"reject", per device ({"cpu": ...}), or
{"expect": ..., "known_gap": "why"} for a documented miss (listed, not counted).

    tritonrl corpus --device cpu -j 2            (GPU: --device cuda -j 8)
    tritonrl corpus --list cases.txt             the corpus-relative paths listed there (`#` comments)
    tritonrl corpus --warm --list tests/corpus/ci_subset.txt   as CI runs it

By default each candidate is a fresh `tritonrl verify` process, as a user runs it. `--warm` runs the same
contract (cli_verify.verify_files) on `-j` warm Verifier lanes in this process, reused from one candidate to
the next as the training pool reuses them: about 10x cheaper on a CPU (no worker start-up and cold Triton
compile per candidate), and it also tests that one candidate cannot change the next one's verdict.

Exit status: 0 iff nothing was misclassified (1: some were; 2: bad options).
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

# tests/corpus of the source tree this package runs from (an editable install, or a checkout on sys.path);
# an installed wheel has no tests/, so there --corpus is required
DEFAULT_CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpus"
KINDS = ("honest", "cheat", "crash")


@dataclass
class Case:
    path: Path
    kind: str  # honest | cheat | crash
    task: str
    expect: str  # accept | reject
    known_gap: str = ""  # a documented miss: reported, not counted as a misclassification

    @property
    def rel(self) -> str:
        """The path inside the corpus, as --list and expected.json name it: `kind/TASK__what.py`."""
        return f"{self.kind}/{self.path.name}"


def load_cases(root: Path = DEFAULT_CORPUS, device: str = "cpu") -> list[Case]:
    """Every candidate under `root`/{honest,cheat,crash}/, in a stable order, with what `device` should give."""
    root = Path(root)
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


def read_list(path: Path) -> list[str]:
    """Corpus-relative paths, one a line; blank lines and `#` comments (whole-line or trailing) ignored."""
    out = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line.removeprefix("./"))
    return out


def select(cases: list[Case], *, only: str = "", kinds: set[str] | None = None, listed: list[str] | None = None,
           every: int = 1) -> list[Case]:
    """The subset to run: the listed paths (in corpus order; an unknown path is a ValueError), then the name
    filter and kinds, then every `every`-th case of what is left."""
    if listed is not None:
        by_rel = {c.rel: c for c in cases}
        unknown = [r for r in listed if r not in by_rel]
        if unknown:
            raise ValueError(f"not in the corpus: {', '.join(unknown[:10])}" + (" ..." if len(unknown) > 10 else ""))
        wanted = set(listed)
        cases = [c for c in cases if c.rel in wanted]
    cases = [c for c in cases if only in c.path.name and (kinds is None or c.kind in kinds)]
    if every < 1:
        raise ValueError("--every must be 1 or more")
    return cases[::every]


def _row(case: Case, rc: int | None, verdict: dict | None, err: str, seconds: float) -> dict:
    if verdict is None or rc is None:
        ok = False  # every input, however broken, must get one JSON object and an exit status
    elif case.expect == "accept":
        ok = rc == 0 and verdict.get("correct") is True
    else:
        ok = rc in (1, 2) and verdict.get("correct") is False
    why = (verdict or {}).get("error") or ",".join((verdict or {}).get("violations") or []) or err.strip()[-160:]
    if case.known_gap and verdict is not None and rc is not None:
        ok = True  # documented; the report still lists it
    return dict(file=case.rel, expect=case.expect, ok=ok, rc=rc, known_gap=case.known_gap,
                correct=(verdict or {}).get("correct"), stage=(verdict or {}).get("stage"),
                violations=(verdict or {}).get("violations"), why=" ".join(str(why).split())[:200],
                seconds=round(seconds, 1))


class WarmLanes:
    """`n` warm Verifiers with `tritonrl verify`'s default configs; each call borrows a free one."""

    def __init__(self, n: int, device: str):
        import queue

        from tritonrl.verifier_workers.cli_verify import configs
        from tritonrl.verifier_workers.funnel.verifier import Verifier

        self.args = self.verify_args("", "", device)
        cfg, ext = configs(self.args)
        self._free: queue.SimpleQueue = queue.SimpleQueue()
        self._all = [Verifier(cfg, ext, device=device) for _ in range(n)]
        for v in self._all:
            self._free.put(v)

    @staticmethod
    def verify_args(reference: str, candidate: str, device: str) -> argparse.Namespace:
        return argparse.Namespace(reference=reference, candidate=candidate, device=device, json=True,
                                  no_multi_input=False, no_staged=False, no_calibrated_timing=False, seed=None)

    def borrow(self):
        """A lane for one caller that runs one verification at a time (e.g. a test module)."""
        return self._all[0]

    def run_case(self, case: Case, root: Path) -> dict:
        from tritonrl.verifier_workers.cli_verify import verify_files

        args = self.verify_args(str(Path(root) / "ref" / f"{case.task}.py"), str(case.path), self.args.device)
        v = self._free.get()
        t = time.perf_counter()
        try:
            rc, payload, reason = verify_files(args, verifier=v)
        finally:
            self._free.put(v)
        return _row(case, rc, json.loads(json.dumps(payload, default=str)), reason or "", time.perf_counter() - t)

    def close(self) -> None:
        for v in self._all:
            v.close()


def run_case(case: Case, root: Path, device: str, timeout_s: float) -> dict:
    """One candidate through `tritonrl verify ... --json` in a fresh process; a row saying whether the CLI's
    answer is the expected one."""
    cmd = [sys.executable, "-m", "tritonrl.verifier_workers.cli_verify", str(Path(root) / "ref" / f"{case.task}.py"),
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
    return _row(case, rc, verdict, err, seconds)


def run_cases(cases: list[Case], root: Path, device: str, jobs: int, timeout_s: float = 900.0,
              warm: bool = False):
    """Yield a row per case as they complete: fresh CLI processes, or (warm) `jobs` warm Verifier lanes."""
    lanes = WarmLanes(jobs, device) if warm else None
    try:
        with ThreadPoolExecutor(jobs) as ex:
            futs = [ex.submit(lanes.run_case, c, root) if lanes else ex.submit(run_case, c, root, device, timeout_s)
                    for c in cases]
            for f in as_completed(futs):
                yield f.result()
    finally:
        if lanes:
            lanes.close()


def _wall(seconds: float) -> str:
    m, s = divmod(int(round(seconds)), 60)
    return f"{m} min {s} s"


def build_parser(prog: str = "tritonrl corpus") -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog=prog, description="Run the red-team corpus through `tritonrl verify` and "
                                 "report every misclassification (exit 0 iff none).")
    ap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS,
                    help=f"corpus folder with honest/ cheat/ crash/ ref/ (default: {DEFAULT_CORPUS})")
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds per candidate before it counts as hung")
    ap.add_argument("--only", default="", help="substring filter on file names")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated subset of honest,cheat,crash")
    ap.add_argument("--every", type=int, default=1, metavar="N", help="run every Nth case (after the other filters)")
    ap.add_argument("--list", type=Path, metavar="FILE",
                    help="run only the corpus-relative paths listed in FILE (e.g. honest/relu__x.py; # comments)")
    ap.add_argument("--warm", action="store_true",
                    help="-j warm Verifier lanes in this process instead of a `tritonrl verify` process per case")
    ap.add_argument("--json-out", type=Path, help="write every row here (rewritten as rows come)")
    return ap


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from tqdm.auto import tqdm

    t0 = time.perf_counter()
    if not (args.corpus / "ref").is_dir():
        parser.error(f"no corpus at {args.corpus} (a folder with ref/ and honest/ cheat/ crash/): pass --corpus DIR")
    kinds = set(args.kinds.split(","))
    if not kinds <= set(KINDS):
        parser.error(f"--kinds: unknown {', '.join(sorted(kinds - set(KINDS)))}")
    try:
        cases = select(load_cases(args.corpus, args.device), only=args.only, kinds=kinds,
                       listed=read_list(args.list) if args.list else None, every=args.every)
    except (ValueError, OSError) as e:
        parser.error(str(e))
    rows = []
    stream = run_cases(cases, args.corpus, args.device, args.jobs, args.timeout, warm=args.warm)
    for row in tqdm(stream, total=len(cases), desc=f"corpus ({args.device})"):
        rows.append(row)
        if not row["ok"]:  # as they come: a run cut short still says what it found
            tqdm.write(f"miss: {row['file']}: {row['why']}")
        if args.json_out:
            args.json_out.write_text(json.dumps(rows, indent=1))
    rows.sort(key=lambda r: r["file"])
    print("\n| kind | cases | as expected |\n|---|---|---|")
    for kind in KINDS:
        sel = [r for r in rows if r["file"].startswith(kind + "/")]
        if sel:
            print(f"| {kind} | {len(sel)} | {sum(r['ok'] for r in sel)} |")
    bad = [r for r in rows if not r["ok"]]
    for r in rows:
        if r["known_gap"]:
            print(f"KNOWN GAP {r['file']}: {r['known_gap']} (got correct={r['correct']})")
    for r in bad:
        print(f"MISS {r['file']}: expected {r['expect']}, got rc={r['rc']} correct={r['correct']} "
              f"stage={r['stage']} violations={r['violations']}: {r['why']}")
    print(f"\n{len(rows) - len(bad)} of {len(rows)} as expected on {args.device}; "
          f"{sum(r['seconds'] for r in rows):.0f} s of verification in {_wall(time.perf_counter() - t0)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
