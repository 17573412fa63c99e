"""The layout as a contract: the verifier's trust boundary, module size, one home per name, and docs that
cite only what exists. Pure AST work over the source tree: nothing is imported."""
from __future__ import annotations

import ast
import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("tritonrl", "learner", "rollout", "verifier_workers", "reward", "conf")
WORKER = ROOT / "verifier_workers" / "sandbox" / "worker"
# what code running inside the sandbox worker may import from this project: the worker side, the wire
# format, the pure comparison and precision-measure helpers and the config records; nothing that holds or
# forms a verdict
WORKER_MAY_IMPORT = ("tritonrl.verifier_workers.sandbox.worker", "tritonrl.verifier_workers.sandbox.protocol",
                     "tritonrl.verifier_workers.sandbox.compare", "tritonrl.verifier_workers.sandbox.precision",
                     "tritonrl.config")
MAX_LINES = 450
LONG_MODULES_ALLOWED = {"deploy/offline/wheelhouse.py"}  # the offline wheelhouse tool is one self-contained script


def sources() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


def project_imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) for every `import tritonrl...` / `from tritonrl... import ...` in a file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, []) for a in node.names if a.name.startswith("tritonrl")]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tritonrl"):
            out.append((node.lineno, node.module, [a.name for a in node.names]))
    return out


@pytest.mark.parametrize("path", sorted(WORKER.glob("*.py")) + [WORKER.parent / "protocol.py",
                                                                   WORKER.parent / "compare.py"],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_worker_side_imports_nothing_from_the_supervisor_side(path):
    for line, module, names in project_imports(path):
        targets = [module] + [f"{module}.{n}" for n in names]
        assert any(t == m or t.startswith(m + ".") for t in targets for m in WORKER_MAY_IMPORT), \
            f"{path.relative_to(ROOT)}:{line} imports {module} {names}: the worker must not reach the supervisor"


@pytest.mark.parametrize("package", ["static", "sandbox", "sandbox/worker", "funnel"])
def test_each_verifier_subpackage_says_what_runs_where(package):
    doc = ast.get_docstring(ast.parse((ROOT / "verifier_workers" / package / "__init__.py").read_text()))
    assert doc and len(doc.split()) >= 30, f"verifier_workers/{package}/__init__.py needs its contract docstring"


def test_no_module_over_the_size_limit():
    paths = sources() + sorted((ROOT / "deploy").rglob("*.py")) + sorted((ROOT / "bench").glob("*.py"))
    long = [f"{p.relative_to(ROOT)} ({n} lines)" for p in paths
            if str(p.relative_to(ROOT)) not in LONG_MODULES_ALLOWED
            and (n := len(p.read_text().splitlines())) > MAX_LINES]
    assert not long, f"over {MAX_LINES} lines: {long}"


def test_no_private_name_is_imported_across_modules():
    bad = [f"{p.relative_to(ROOT)}:{line} {module} {n}" for p in sources() + sorted((ROOT / "bench").glob("*.py"))
           for line, module, names in project_imports(p) for n in names if n.startswith("_")]
    assert not bad, bad


def test_no_test_file_is_named_after_a_red_team_round():
    assert not [p.name for p in (ROOT / "tests").glob("test_*.py") if re.search(r"round\d", p.name)]


def test_bench_and_tests_do_not_import_each_other():
    for folder, other in (("bench", "tests"), ("tests", "bench")):
        theirs = {p.stem for p in (ROOT / other).glob("*.py")} - {"conftest"}
        for p in (ROOT / folder).glob("*.py"):
            text = p.read_text()
            assert not re.search(rf"sys\.path\.(insert|append)\([^\n]*{other}", text), f"{p.name} puts {other}/ on sys.path"
            imported: set[str] = set()
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.Import):
                    imported |= {a.name.split(".")[0] for a in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    imported.add(node.module.split(".")[0])
            own = {q.stem for q in (ROOT / folder).glob("*.py")}
            assert not (imported & theirs) - own, f"{folder}/{p.name} imports {other}/ modules {(imported & theirs) - own}"


# ---------------------------------------------------------------- docs cite what exists
@lru_cache(maxsize=1)
def code_index() -> tuple[dict[str, dict[str, set[str]]], dict[str, set[str]]]:
    """module path (dotted, from each package folder, e.g. 'funnel.verifier') -> {top-level name: members};
    class name -> members (methods, class attributes, properties)."""
    modules: dict[str, dict[str, set[str]]] = {}
    classes: dict[str, set[str]] = {}
    for p in sources():
        rel = p.relative_to(ROOT).with_suffix("")
        parts = [x for x in rel.parts if x != "__init__"]
        names: dict[str, set[str]] = {}
        for node in ast.parse(p.read_text()).body:
            if isinstance(node, ast.ClassDef):
                members = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
                members |= {t.id for n in node.body if isinstance(n, ast.Assign) for t in n.targets
                            if isinstance(t, ast.Name)}
                members |= {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)
                            and isinstance(n.target, ast.Name)}
                names[node.name] = members
                classes.setdefault(node.name, set()).update(members)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names[node.name] = set()
            elif isinstance(node, ast.Assign):
                names.update({t.id: set() for t in node.targets if isinstance(t, ast.Name)})
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names[node.target.id] = set()
        for i in range(len(parts)):  # every dotted suffix: 'verifier', 'funnel.verifier', ...
            modules.setdefault(".".join(parts[i:]), {}).update(names)
    return modules, classes


@lru_cache(maxsize=1)
def config_keys() -> set[str]:
    """Every dotted Hydra key of the Config tree (tritonrl/config.py), e.g. 'rollout.weight_sync'."""
    tree = ast.parse((ROOT / "tritonrl" / "config.py").read_text())
    fields = {c.name: {n.target.id: ast.unparse(n.annotation) for n in c.body if isinstance(n, ast.AnnAssign)}
              for c in tree.body if isinstance(c, ast.ClassDef)}
    keys: set[str] = set()

    def walk(cls: str, prefix: str) -> None:
        for name, ann in fields.get(cls, {}).items():
            keys.add(prefix + name)
            if ann in fields:
                walk(ann, prefix + name + ".")
    walk("Config", "")
    return keys


EXTERNAL = ("torch", "triton", "tl", "ray", "vllm", "deepspeed", "mlflow", "hydra", "transformers", "peft",
            "numpy", "np", "os", "sys", "math", "functools", "self")
DOCS = ["docs/architecture.md"]


def cited(doc: str) -> list[str]:
    spans = re.findall(r"`([^`\n]+)`", (ROOT / doc).read_text())
    return [s.split("(")[0].split("=")[0].strip() for s in spans
            if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+(\(.*\))?(=\S*)?", s.strip())]


def resolves(token: str) -> bool:
    if token.split(".")[0] in EXTERNAL:
        return True
    modules, classes = code_index()
    if token in config_keys() or token.removeprefix("tritonrl.") in modules:
        return True
    head, _, attr = token.rpartition(".")
    head = head.removeprefix("tritonrl.")
    if head in modules and attr in modules[head]:
        return True
    mod, _, cls = head.rpartition(".")
    if mod in modules and cls in modules[mod] and attr in modules[mod][cls]:
        return True
    return "." not in head and attr in classes.get(head, set())


@pytest.mark.parametrize("doc", DOCS)
def test_docs_cite_only_names_that_exist(doc):
    tokens = cited(doc)
    assert len(tokens) >= 10, f"{doc} cites almost nothing: is the citation pattern still `module.Name`?"
    missing = sorted({t for t in tokens if not resolves(t)})
    assert not missing, f"{doc} cites names the code does not have: {missing}"


def _repo_files() -> list[str]:
    """The repository's files (relative paths), without hidden folders (.venv, .git) and run outputs: a glob
    of `**/name` over the virtualenv took ~40 s per document."""
    out = []
    for here, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("mlruns", "__pycache__", "outputs")]
        rel = os.path.relpath(here, ROOT)
        out += [f if rel == "." else f"{rel}/{f}" for f in files]
    return out


@pytest.mark.parametrize("doc", DOCS)
def test_docs_cite_only_files_that_exist(doc):
    paths = re.findall(r"`?([\w./-]+\.(?:py|yaml|md))`?", (ROOT / doc).read_text())
    files = _repo_files()
    missing = sorted({p for p in paths if not (ROOT / p).exists() and not any(f.endswith("/" + p) for f in files)})
    assert not missing, f"{doc} cites files that do not exist: {missing}"
