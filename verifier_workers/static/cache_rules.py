"""Which `functools.lru_cache` / `functools.cache` decorations a candidate may use (rules.py applies it).

Contract: `launch_parameter_cache(fn, class_names)` is True when the cached function `fn` can only cache launch
parameters: it returns a value on some path, and no `return` gives a container display or comprehension, a
lambda, a call that makes a container (`dict()`, `list()`, `collections.*`), an instance of one of the file's
classes (`class_names`) or a tensor (any `torch.*` call but the device queries `torch.cuda.*`, `torch.device`),
directly or through a local bound to one; nor does it write `global`/`nonlocal` names. Anything else
(`@lru_cache def grid(M, N): return (triton.cdiv(M, 64), ...)`, the SM count of a device) caches ints,
strings, dtypes or tuples of them, a grid or a block size.

Why: a cache is memory every call and every model instance shares, in a C-level dict nothing candidate-visible
names. A cached function returning a dict or a tensor (R6C_01: `@lru_cache def _store(): return {}`, a fold of the
weights kept there) is a store outside the model; the run-time check (sandbox/worker/state_poison.py) also finds
any tensor left in a cache's keys or results, whatever the static reading of the function missed.
"""
from __future__ import annotations

import ast

CONTAINER_NODES = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp, ast.GeneratorExp,
                   ast.Lambda)
CONTAINER_CALLS = {"dict", "list", "set", "bytearray", "object", "defaultdict", "OrderedDict", "deque", "Counter",
                   "ChainMap", "SimpleNamespace", "array"}
DEVICE_QUERIES = ("torch.cuda.", "torch.device", "torch.version.")


def _own_nodes(fn: ast.FunctionDef):
    """The nodes of `fn`'s body, not of functions, lambdas or classes nested in it."""
    todo = list(fn.body)
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return ".".join([node.id] + parts[::-1])
    return None


def _holds_state(expr: ast.AST, class_names: set[str], bound: dict[str, list[ast.AST]], depth: int = 0) -> bool:
    """Whether `expr` may be a container, a tensor or an object of the candidate's (see the module docstring)."""
    if depth > 8:
        return True
    if isinstance(expr, CONTAINER_NODES):
        return True
    if isinstance(expr, ast.Tuple):  # a tuple of launch parameters is one
        return any(_holds_state(e, class_names, bound, depth + 1) for e in expr.elts)
    if isinstance(expr, ast.IfExp):
        return any(_holds_state(e, class_names, bound, depth + 1) for e in (expr.body, expr.orelse))
    if isinstance(expr, ast.Name):
        return any(_holds_state(e, class_names, bound, depth + 1) for e in bound.get(expr.id, []))
    if isinstance(expr, ast.Call):
        name = _dotted(expr.func) or ""
        last = name.split(".")[-1]
        if last in CONTAINER_CALLS or last in class_names:
            return True
        if name.startswith("torch.") and not name.startswith(DEVICE_QUERIES):
            return True
    return False


def launch_parameter_cache(fn: ast.FunctionDef, class_names: set[str]) -> bool:
    """True when the cached function `fn` caches launch parameters only (the module docstring)."""
    nodes = list(_own_nodes(fn))
    if any(isinstance(n, (ast.Global, ast.Nonlocal)) for n in nodes):
        return False
    bound: dict[str, list[ast.AST]] = {}
    for n in nodes:
        if isinstance(n, ast.Assign):
            for t in n.targets:  # `a, b = {}, 1`: each name may be the whole value (conservative)
                for name in ast.walk(t):
                    if isinstance(name, ast.Name):
                        bound.setdefault(name.id, []).append(n.value)
        elif isinstance(n, (ast.AnnAssign, ast.AugAssign)) and isinstance(n.target, ast.Name) and n.value:
            bound.setdefault(n.target.id, []).append(n.value)
    returns = [n.value for n in nodes if isinstance(n, ast.Return) and n.value is not None]
    return bool(returns) and not any(_holds_state(r, class_names, bound) for r in returns)
