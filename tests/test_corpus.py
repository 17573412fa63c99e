"""The red-team corpus (tests/corpus: honest, cheating and crashing candidates) through the CLI contract,
as the acceptance corpus is run: every honest candidate accepted, every other one rejected with one JSON
object on stdout, none hung. `tritonrl corpus` (verifier_workers/corpus_run.py) does the work; this asserts it
found no misclassification."""
from __future__ import annotations

import os

import pytest

from corpus_subset import candidates, coverage
from tritonrl.verifier_workers.corpus_run import DEFAULT_CORPUS as DEFAULT
from tritonrl.verifier_workers.corpus_run import load_cases, read_list, run_cases, select

CI_SUBSET = DEFAULT / "ci_subset.txt"
CI_STRIDE = 8


def _misses(device: str, jobs: int, listed: list[str] | None = None, warm: bool = False) -> tuple[int, list[dict]]:
    cases = select(load_cases(DEFAULT, device), listed=listed)
    rows = list(run_cases(cases, DEFAULT, device, jobs, warm=warm))
    return len(rows), [r for r in rows if not r["ok"]]


def _report(misses: list[dict]) -> str:
    return "\n".join(f"{r['file']}: expected {r['expect']}, rc={r['rc']} correct={r['correct']} "
                     f"violations={r['violations']}: {r['why']}" for r in misses)


def test_labels_cover_every_kind():
    cases = load_cases(DEFAULT, "cpu")
    kinds = {c.kind for c in cases}
    assert kinds == {"honest", "cheat", "crash"} and len(cases) >= 90
    assert all((DEFAULT / "ref" / f"{c.task}.py").exists() for c in cases)


def test_ci_subset_still_covers_every_code_family_and_idiom():
    """A new red-team file that brings a static code, a runtime family or an honest idiom that the committed
    subset lacks fails here until the subset is regenerated (tests/corpus_subset.py says how)."""
    listed = [DEFAULT / rel for rel in read_list(CI_SUBSET)]
    assert all(p.exists() for p in listed), [str(p) for p in listed if not p.exists()]
    have, want = coverage(listed), coverage([p for kind in ("honest", "cheat", "crash") for p in candidates(kind)])
    missing = {k: sorted(want[k] - have[k]) for k in want if want[k] - have[k]}
    assert not missing, f"tests/corpus/ci_subset.txt no longer covers the corpus: {missing}"
    assert {p.parent.name for p in listed} == {"honest", "cheat", "crash"}


@pytest.mark.slow
@pytest.mark.timeout(4800)
def test_corpus_on_cpu():
    # the whole corpus (~1030 candidates) takes about 110 minutes through `tritonrl verify` processes on 2
    # cores, the stratified subset of tests/corpus/ci_subset.txt about 20 on two warm lanes (the CLI's own
    # contract, verify_files; the CLI process itself is tested in test_cli_verify.py and test_cli_cases.py).
    # CI runs every CI_STRIDE-th file of the subset (honest, cheat and crash files alike, by name), within its
    # 25 minutes; TRITONRL_CORPUS_SUBSET=1 runs the whole subset (`make corpus-subset`), TRITONRL_CORPUS_ALL=1
    # all, one CLI process per candidate, as `make corpus` does.
    full = bool(os.environ.get("TRITONRL_CORPUS_ALL"))
    listed = read_list(CI_SUBSET)
    listed = listed if os.environ.get("TRITONRL_CORPUS_SUBSET") else listed[::CI_STRIDE]
    n, misses = _misses("cpu", jobs=2, listed=None if full else listed, warm=not full)
    assert not misses, f"{len(misses)} of {n} misclassified:\n{_report(misses)}"


@pytest.mark.gpu
@pytest.mark.timeout(4800)
def test_corpus_on_cuda():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("needs a CUDA GPU")
    n, misses = _misses("cuda", jobs=8)
    assert not misses, f"{len(misses)} of {n} misclassified:\n{_report(misses)}"
