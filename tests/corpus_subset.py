"""The corpus subset that CI runs: every violation code and every honest idiom of tests/corpus at least once.

The whole corpus (~920 candidates) takes about 105 minutes through the interpreter on 2 cores, so CI runs
a stratified subset, listed in tests/corpus/ci_subset.txt and chosen here:
- cheat and crash candidates that the static stage refuses: the first candidates (by name) of each
  (kind, first violation code) pair, so every static violation code the corpus produces is exercised;
- cheat and crash candidates that only the runtime stages can catch (no static violation): at least one per
  red-team family (the file name's prefix before the first digit run and '_', e.g. c8, x7, k, y), then every
  RUNTIME_EVERY-th by name (leaving out the EXPENSIVE ones, which hang or exhaust a limit by design);
- honest candidates: a greedy cover of their idioms (every triton / triton.language attribute, libdevice
  function, top-level import and Triton decorator that some honest candidate uses appears in at least one chosen file).
tests/test_corpus.py checks that the committed list still covers the corpus (so a new red-team file that
brings a new code or idiom fails CI until the list is regenerated) and runs it.
Regenerate:  .venv/bin/python tests/corpus_subset.py > tests/corpus/ci_subset.txt
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"
KINDS = ("honest", "cheat", "crash")
RUNTIME_EVERY = 4
FIRST_PER_CODE = 1
# candidates that hang or exhaust a limit by design cost a whole stage timeout each (minutes); the full
# corpus run has them, and tests/test_funnel.py's containment tests cover hangs, loops and crashes in CI
EXPENSIVE = re.compile(r"bomb|infinite|hang|forever|spin|sleep")


def candidates(kind: str) -> list[Path]:
    return sorted((CORPUS / kind).glob("*.py"))


def static_code(path: Path) -> str | None:
    """The first violation the static stage reports for a candidate against its task's reference."""
    from tritonrl.verifier_workers.static.checks import check_source

    ref = CORPUS / "ref" / f"{path.name.split('__')[0]}.py"
    found = check_source(path.read_text(encoding="utf-8", errors="replace"),
                         ref.read_text(encoding="utf-8", errors="replace") if ref.exists() else None)
    return found[0].code if found else None


def family(path: Path) -> str:
    """A red-team round's family from the file name: 'c8_gelu__x.py' -> 'c8', 'relu__x12_y.py' -> 'x'."""
    task, _, what = path.stem.partition("__")
    m = re.match(r"([a-z]+\d*)_", task) if re.match(r"[a-z]+\d+_", task) else re.match(r"([a-z]+)\d+_", what)
    return m.group(1) if m else "-"


def idioms(path: Path) -> set[str]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
    except SyntaxError:
        return set()
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute):
            s = re.sub(r"\(.*", "", ast.unparse(n))
            root = s.split(".")[0]
            if root in ("tl", "triton"):
                out.add(s)
            elif root == "libdevice" or ".libdevice" in s:
                out.add("libdevice." + s.rsplit(".", 1)[-1])  # each function: the CPU stand-in has its own
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            out.add("import " + (getattr(n, "module", None) or n.names[0].name).split(".")[0])
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("autotune", "jit",
                                                                                               "heuristics"):
            out.add("decorator " + n.func.attr)
    return out


def select() -> list[str]:
    chosen: list[Path] = []
    for kind in ("cheat", "crash"):
        by_code: dict[str, list[Path]] = {}
        runtime: list[Path] = []
        for p in candidates(kind):
            if EXPENSIVE.search(p.name):
                continue
            code = static_code(p)
            (by_code.setdefault(code, []) if code else runtime).append(p)
        for paths in by_code.values():
            chosen += paths[:FIRST_PER_CODE]
        seen: set[str] = set()
        for i, p in enumerate(runtime):
            if family(p) not in seen or i % RUNTIME_EVERY == 0:
                seen.add(family(p))
                chosen.append(p)
    honest = {p: idioms(p) for p in candidates("honest")}
    left = set().union(*honest.values()) if honest else set()
    while left:
        best = max(honest, key=lambda p: (len(honest[p] & left), -len(p.name)))
        if not honest[best] & left:
            break
        chosen.append(best)
        left -= honest[best]
    return sorted(str(p.relative_to(CORPUS)) for p in set(chosen))


def coverage(paths: list[Path]) -> dict[str, set[str]]:
    """What a set of corpus files exercises: static violation codes (per kind), runtime families, idioms."""
    out: dict[str, set[str]] = {"static codes": set(), "runtime families": set(), "honest idioms": set()}
    for p in paths:
        kind = p.parent.name
        if EXPENSIVE.search(p.name):
            continue
        if kind == "honest":
            out["honest idioms"] |= idioms(p)
            continue
        code = static_code(p)
        if code:
            out["static codes"].add(f"{kind}:{code}")
        else:
            out["runtime families"].add(f"{kind}:{family(p)}")
    return out


if __name__ == "__main__":
    rows = select()
    print("# CI's stratified subset of tests/corpus (see tests/corpus_subset.py); regenerate with")
    print("#   .venv/bin/python tests/corpus_subset.py > tests/corpus/ci_subset.txt")
    print("\n".join(rows))
    print(f"{len(rows)} files", file=sys.stderr)
