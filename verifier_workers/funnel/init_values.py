"""Which of a task's init inputs the new_seed variant may move, and by how much (pure: reads the reference's
source as text, never runs it).

Floats: each is multiplied by its own factor (INIT_FACTORS by position), so a kernel that writes in one value
as a literal, or derives one from another (beta = alpha / 3), is wrong there. Every factor is in (0, 1): a
probability (dropout, momentum) stays one, and a sign never flips.

Ints: most are sizes (channels, kernel sizes, groups, a reduction's dim) that a kernel may honestly specialise
on or that the reference only accepts in some combinations; those stay. An int is moved (by INT_STEP, away
from zero) only where the reference uses it as a value: every read of its constructor parameter, directly or
through the `self.<attr>` it is stored in, is an operand of `*`, `/`, `+` or `-` outside `__init__`, beside
something that is not a literal and not a size (`x / self.divisor`), and not inside an index, a slice or a
shape-taking call.
"""
from __future__ import annotations

import ast

# per position; distinct, so no two float init inputs keep their ratio
INIT_FACTORS = (0.75, 0.6, 0.9, 0.5, 0.8, 0.65, 0.85, 0.55)
INT_STEP = 1  # applied in the worker (sandbox/worker/build.vary_init); here for the docs and tests

_VALUE_OPS = (ast.Mult, ast.Div, ast.Add, ast.Sub)
# calls whose int arguments are sizes, dims or counts: an int read inside one is structural
_SHAPE_CALLS = frozenset({
    "view", "reshape", "expand", "repeat", "range", "arange", "zeros", "ones", "empty", "full", "randn", "rand",
    "narrow", "split", "chunk", "unfold", "pad", "interpolate", "permute", "transpose", "flatten", "unflatten",
    "sum", "mean", "max", "min", "amax", "amin", "prod", "cumsum", "cumprod", "softmax", "log_softmax", "argmax",
    "argmin", "topk", "sort", "gather", "index_select", "roll", "flip", "squeeze", "unsqueeze", "cat", "stack",
    "new_zeros", "new_empty", "new_full", "new_ones", "int", "len", "cdiv", "next_power_of_2", "norm", "std",
    "var", "logsumexp", "all", "any", "movedim", "tile", "tril", "triu", "diagonal", "kthvalue", "median"})


def _init_positions(tree: ast.Module) -> tuple[list[ast.expr], ast.FunctionDef | None, ast.ClassDef | None]:
    """The elements of get_init_inputs' returned list, and Model's __init__ and class."""
    elts: list[ast.expr] = []
    model = init = None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_init_inputs":
            rets = [n for n in ast.walk(node) if isinstance(n, ast.Return)]
            if len(rets) == 1 and isinstance(rets[0].value, (ast.List, ast.Tuple)):
                elts = list(rets[0].value.elts)
        elif isinstance(node, ast.ClassDef) and node.name == "Model":
            model = node
            init = next((f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
    return elts, init, model


def _is_int_literal(e: ast.expr, consts: dict[str, object]) -> bool:
    if isinstance(e, ast.Constant):
        return type(e.value) is int
    return isinstance(e, ast.Name) and type(consts.get(e.id)) is int


def _mentions_size(e: ast.AST) -> bool:
    """`x.shape[1]`, `x.size(0)`, `x.numel()`, `len(x)`: the other operand is a size, so the product is one."""
    for n in ast.walk(e):
        if isinstance(n, ast.Attribute) and n.attr in ("shape", "size", "numel", "ndim", "dim"):
            return True
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("len", "int"):
            return True
        if isinstance(n, ast.Constant) and type(n.value) is int:
            return True
    return False


def _value_use(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """The read `node` is an operand of value arithmetic (see the module's docstring)."""
    parent = parents.get(node)
    if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, _VALUE_OPS)):
        return False
    other = parent.right if parent.left is node else parent.left
    if _mentions_size(other):
        return False
    up: ast.AST | None = parent
    while up is not None:
        p = parents.get(up)
        if isinstance(p, ast.Subscript) and up is p.slice or isinstance(p, ast.Slice):
            return False
        if isinstance(p, ast.Call):
            f = p.func
            name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            if name in _SHAPE_CALLS:
                return False
        up = p
    return True


def value_int_positions(src: str) -> list[int]:
    """Positions in get_init_inputs() of int literals (or module-level int constants) that Model uses only
    as values. Conservative: anything unusual (no list literal, *args, a read not matched) keeps the int."""
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return []
    consts = {n.targets[0].id: n.value.value for n in tree.body
              if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
              and isinstance(n.value, ast.Constant)}
    elts, init, model = _init_positions(tree)
    if init is None or model is None or init.args.vararg is not None:
        return []
    params = [a.arg for a in init.args.args[1:]]
    parents = {c: p for p in ast.walk(model) for c in ast.iter_child_nodes(p)}
    out = []
    for i, e in enumerate(elts):
        if i >= len(params) or type(e) is ast.Starred or not _is_int_literal(e, consts) or (
                isinstance(e, ast.Constant) and type(e.value) is bool):
            continue
        if _reads_as_value(params[i], init, model, parents):
            out.append(i)
    return out


def _reads_as_value(param: str, init: ast.FunctionDef, model: ast.ClassDef, parents: dict) -> bool:
    attrs: set[str] = set()
    for n in ast.walk(init):  # in __init__: only stored, as `self.<attr> = param`
        if isinstance(n, ast.Name) and n.id == param and isinstance(n.ctx, ast.Load):
            p = parents.get(n)
            if not (isinstance(p, ast.Assign) and p.value is n and len(p.targets) == 1
                    and isinstance(p.targets[0], ast.Attribute) and isinstance(p.targets[0].value, ast.Name)
                    and p.targets[0].value.id == "self"):
                return False
            attrs.add(p.targets[0].attr)
    if not attrs:
        return False
    reads = [n for f in model.body if isinstance(f, ast.FunctionDef) and f is not init for n in ast.walk(f)
             if isinstance(n, ast.Attribute) and n.attr in attrs and isinstance(n.value, ast.Name)
             and n.value.id == "self"]
    return bool(reads) and all(isinstance(r.ctx, ast.Load) and _value_use(r, parents) for r in reads)

