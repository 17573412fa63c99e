"""KernelBench problems as Tasks, plus the size-constant tools every reference-format task uses.

A KernelBench reference sets its problem sizes as module-level int constants (`batch_size = 128`,
`height = width = 128`) read by `get_inputs()` / `get_init_inputs()`. `apply_sizes` rewrites them in the
source (so derived constants such as `bias_shape = (out_channels, 1, 1)` follow), and `derive_cpu_sizes`
shrinks them so a task fits the Triton interpreter on a CPU.
"""
from __future__ import annotations

import ast
import json
import math
import os
import re
from importlib import resources

from tritonrl.tasks.heldout import kernelbench_split
from tritonrl.tasks.task import Task

HF_DATASET = "ScalingIntelligence/KernelBench"

# ---------------------------------------------------------------------------------------- size constants


def _top_level_assigns(tree: ast.Module) -> list[tuple[list[str], ast.Assign]]:
    out = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            names = [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
            if names:
                out.append((names, node))
    return out


_INT_OPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
            ast.FloorDiv: lambda a, b: a // b}


def _int_value(node: ast.expr, known: dict[str, int]) -> int | None:
    """Fold `4096 * 2`, `2 ** 10`, `dim // 4` (known names) to an int; anything else is None."""
    if isinstance(node, ast.Constant):
        return node.value if type(node.value) is int else None  # bool is not a size
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.BinOp):
        a, b = _int_value(node.left, known), _int_value(node.right, known)
        if a is None or b is None:
            return None
        if isinstance(node.op, ast.Pow):
            return a ** b if 0 <= b <= 64 else None
        if isinstance(node.op, ast.FloorDiv) and b == 0:
            return None
        op = _INT_OPS.get(type(node.op))
        return op(a, b) if op else None
    return None


def size_constants(src: str) -> dict[str, int]:
    """Module-level int constants, in source order: `n = 128`, `h = w = 128`, `d, h = 16, 32`, `n = 2048 * 2`."""
    consts: dict[str, int] = {}
    for _, node in _top_level_assigns(ast.parse(src)):
        for target in node.targets:
            pairs = [(target, node.value)]
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple) \
                    and len(target.elts) == len(node.value.elts):
                pairs = list(zip(target.elts, node.value.elts))
            for t, v in pairs:
                if isinstance(t, ast.Name):
                    value = _int_value(v, consts)
                    if value is not None:
                        consts[t.id] = value
                    else:
                        consts.pop(t.id, None)  # rebound to a non-int
    return consts


def _function_names(tree: ast.Module, fn: str) -> set[str]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == fn:
            return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    return set()


def _closure(names: set[str], deps: dict[str, set[str]]) -> set[str]:
    """Names reachable through module-level assignments (bias_shape -> out_channels)."""
    seen, todo = set(), list(names)
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo.extend(deps.get(n, ()))
    return seen


def _uses(src: str) -> tuple[dict[str, int], set[str], set[str]]:
    tree = ast.parse(src)
    deps: dict[str, set[str]] = {}
    for names, node in _top_level_assigns(tree):
        used = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
        for n in names:
            deps.setdefault(n, set()).update(used)
    consts = size_constants(src)
    inputs = _closure(_function_names(tree, "get_inputs"), deps) & consts.keys()
    init = _closure(_function_names(tree, "get_init_inputs"), deps) & consts.keys()
    return consts, inputs, init


def free_size_constants(src: str) -> list[str]:
    """Int constants that shape the forward inputs but not the module (free dims: batch, rows...), in order.

    Changing one of these changes only the inputs, so the same weights apply: the verifier's "doubled dim"
    input variant doubles one of them.
    """
    consts, inputs, init = _uses(src)
    return [n for n in consts if n in inputs and n not in init]


def apply_sizes(src: str, overrides: dict[str, int]) -> str:
    """Return `src` with module-level size constants overridden.

    The new value is assigned right after the constant's (last) definition, so later module-level
    expressions that derive from it see the new value. Unknown names raise ValueError.
    """
    if not overrides:
        return src
    consts = size_constants(src)
    unknown = sorted(set(overrides) - set(consts))
    if unknown:
        raise ValueError(f"size overrides name no module-level int constant: {unknown} (known: {sorted(consts)})")
    last_line: dict[str, int] = {}
    for names, node in _top_level_assigns(ast.parse(src)):
        for n in names:
            if n in overrides:
                last_line[n] = node.end_lineno
    lines = src.splitlines()
    for name, line in sorted(last_line.items(), key=lambda kv: -kv[1]):
        lines.insert(line, f"{name} = {int(overrides[name])}  # size override")
    return "\n".join(lines) + "\n"


def _input_elements(tree: ast.Module, values: dict[str, int]) -> int:
    """Elements of the tensors get_inputs creates, from its calls whose args are all ints (torch.rand(N, N))."""
    total = 0
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_inputs":
            for call in (n for n in ast.walk(node) if isinstance(n, ast.Call) and n.args):
                dims = [_int_value(a, values) for a in call.args]
                if all(d is not None for d in dims):
                    total += math.prod(dims)
    return total


def derive_cpu_sizes(src: str, max_elements: int = 1 << 16, min_size: int = 16) -> dict[str, int]:
    """Best-effort CPU size overrides so a reference fits the Triton interpreter.

    Cost = elements of the tensors get_inputs creates (from calls such as `torch.rand(N, N)` whose args
    fold to ints) + the product of the size-like constants get_init_inputs uses (a weight estimate).
    Size-like constants (ints >= `min_size` used by get_inputs/get_init_inputs) are halved, largest first,
    until the cost is at most `max_elements` or all reached `min_size`. Halving keeps power-of-two
    structure (channels stay divisible by groups); small constants (kernel sizes, strides, reduction dims)
    are left alone. Returns only the changed constants; `{}` means "already small" or "cannot tell"
    (e.g. sizes written as literals inside get_inputs).
    """
    tree = ast.parse(src)
    consts, inputs, init = _uses(src)
    sizes = {n: v for n, v in consts.items() if (n in inputs or n in init) and v >= min_size}
    new = dict(sizes)

    def cost() -> int:
        return _input_elements(tree, {**consts, **new}) + math.prod(new[n] for n in new if n in init)

    while new and cost() > max_elements:
        name = max(new, key=lambda n: new[n])
        if new[name] // 2 < min_size:
            break
        new[name] //= 2
    return {n: v for n, v in new.items() if v != sizes[n]}


# ---------------------------------------------------------------------------------------- loading


def _task_name(level: int, problem_id: int, name: str) -> str:
    stem = re.sub(rf"^{problem_id}_", "", name)  # upstream names already start with the id ("19_ReLU")
    return f"kb_l{level}_{problem_id}_{stem}"


def _to_task(level: int, problem_id: int, name: str, source: str) -> Task:
    try:
        cpu = derive_cpu_sizes(source)
    except SyntaxError:
        cpu = {}
    return Task(name=_task_name(level, problem_id, name), level=level, reference_src=source, gold_src=None,
                source="kernelbench", sizes={"cpu": cpu, "cuda": {}}, split=kernelbench_split(level, problem_id))


def _read_jsonl(path: str) -> list[dict]:
    rows = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as e:
                    raise ValueError(f"{path}:{i}: not valid JSON ({e.msg})") from None
    return rows


def _rows_from_path(path: str, levels: tuple[int, ...]) -> list[dict]:
    if os.path.isdir(path):
        rows = []
        for level in levels:
            f = os.path.join(path, f"level{level}.jsonl")
            if not os.path.isfile(f):
                raise FileNotFoundError(f"KernelBench directory {path!r} has no level{level}.jsonl")
            rows += _read_jsonl(f)
        return rows
    if os.path.isfile(path):
        return _read_jsonl(path)
    raise FileNotFoundError(f"KernelBench path {path!r} is neither a JSONL file nor a directory")


def _rows_from_hub(levels: tuple[int, ...]) -> list[dict]:
    try:
        import datasets  # lazy: an optional dependency (tritonrl[hub])
    except ImportError:
        raise RuntimeError("loading KernelBench from the hub needs `datasets` (pip install 'tritonrl[hub]'), "
                           "or pass a local JSONL file/directory as data.kernelbench_path") from None
    rows = []
    for level in levels:
        try:
            ds = datasets.load_dataset(HF_DATASET, split=f"level_{level}")
        except Exception as e:  # offline, hub down, unknown split: one clear line
            raise RuntimeError(f"could not load {HF_DATASET} split level_{level} from the hub: "
                               f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}") from None
        rows += [{"level": level, "problem_id": r["problem_id"], "name": r["name"], "code": r["code"]} for r in ds]
    return rows


def load_kernelbench(path: str = "", levels=(1, 2), limit: int | None = None) -> list[Task]:
    """KernelBench problems as Tasks (no gold), sorted by (level, problem_id).

    `path`: a JSONL file, or a directory with level{N}.jsonl (records: level, problem_id, name, source);
    empty: the HF hub dataset (splits level_1..level_4; needs `datasets` and network). `limit` caps the
    number of problems taken from each level. Each task gets `sizes["cpu"]` from `derive_cpu_sizes` and its
    split ("train" | "heldout") from tasks/heldout.py's frozen list.
    """
    levels = tuple(int(x) for x in levels)
    rows = _rows_from_path(path, levels) if path else _rows_from_hub(levels)
    by_level: dict[int, list[Task]] = {}
    for r in sorted(rows, key=lambda r: (int(r["level"]), int(r["problem_id"]))):
        level = int(r["level"])
        if level not in levels:
            continue
        source = r.get("source", r.get("code"))
        if not isinstance(source, str):
            raise ValueError(f"KernelBench record {r.get('name')!r} has no 'source' (or 'code') text")
        by_level.setdefault(level, []).append(_to_task(level, int(r["problem_id"]), str(r["name"]), source))
    tasks = [t for level in levels for t in by_level.get(level, [])[:limit]]
    if not tasks:
        raise ValueError(f"no KernelBench problems for levels {levels} in {path or HF_DATASET!r}")
    return tasks


def load_kernelbench_heldout(levels=(1, 2)) -> list[Task]:
    """The held-out KernelBench problems (tasks/heldout.py) from the copy shipped in the package: offline,
    the same text as the hub's main snapshot."""
    text = resources.files("tritonrl.tasks.builtin").joinpath("kernelbench_heldout.jsonl").read_text("utf-8")
    rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    levels = tuple(int(x) for x in levels)
    return [_to_task(int(r["level"]), int(r["problem_id"]), r["name"], r["source"])
            for r in rows if int(r["level"]) in levels]
