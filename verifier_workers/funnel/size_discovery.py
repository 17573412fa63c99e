"""The sizes of a task's reference, found by how the reference uses them (pure: reads and rewrites the trusted
reference's source as text, never runs it).

A *size key* names one size the variants may change:
- `name`: a module-level int constant in any assignment form (`n = 32`, `h = w = 32`, `h, w = 32, 32`,
  `n: int = 32`, `n = 4 * 8`, `n = 3; n += 1`); a constant computed from other constants (`d = 2 * n`) is not a
  key of its own but follows them;
- `name[i]`: an int element of a module-level tuple or list constant (`input_shape = (500,)`);
- `get_inputs=V`: the int literal V wherever it sits in a shape position of a tensor constructor inside
  get_inputs (`torch.randn(16, 256)`); equal literals move together, so a matmul's shared inner size stays
  consistent (a literal bound once to a local of get_inputs that a shape position reads, `features = 256`,
  counts as one: R9A_10); `get_inputs=V@i` names its i-th occurrence alone (in source order), so that equal literals can
  be told apart where the reference takes them apart (a square GEMM's M, N and K: R8C_10; verifier.py).

`apply_overrides(src, {key: value})` rewrites the source so that each key takes its value (derived constants
and default arguments follow). `sizes(src)` lists the keys with their task value and where they reach: the
inputs only (`free`), the inputs and the constructor (`shared`), the constructor only where it sizes a layer or
a tensor (`ctor`, funnel/init_values.size_int_positions), or an inline literal (`inline`).
"""
from __future__ import annotations

import ast
from dataclasses import dataclass

from tritonrl.verifier_workers.funnel import init_values

# tensor constructors whose int arguments are a shape (randint's only after low and high)
SHAPE_CTORS = frozenset({"randn", "rand", "zeros", "ones", "empty", "full", "randint", "randperm"})
_SKIP_POS = {"randint": 2}  # randint(low, high, size): the arguments before the shape


@dataclass(frozen=True)
class Size:
    key: str
    value: int
    role: str  # free | shared | ctor | inline


def _eval(e: ast.AST, env: dict[str, object]) -> object | None:
    """An int (or tuple/list of ints) a constant expression evaluates to, else None."""
    if isinstance(e, ast.Constant) and type(e.value) is int:
        return e.value
    if isinstance(e, ast.Name):
        return env.get(e.id)
    if isinstance(e, (ast.Tuple, ast.List)):
        vals = [_eval(x, env) for x in e.elts]
        return tuple(vals) if all(type(x) is int for x in vals) else None
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
        x = _eval(e.operand, env)
        return -x if type(x) is int else None
    if isinstance(e, ast.BinOp):
        a, b = _eval(e.left, env), _eval(e.right, env)
        if type(a) is not int or type(b) is not int:
            return None
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
               ast.FloorDiv: lambda: a // b if b else None, ast.Mod: lambda: a % b if b else None,
               ast.Pow: lambda: a ** b if 0 <= b <= 16 else None}
        f = ops.get(type(e.op))
        return f() if f else None
    return None


def _assignments(tree: ast.Module) -> list[tuple[str, ast.AST, ast.stmt]]:
    """(name, value expression, statement) for each module-level binding of a name, in order; a chained or
    tuple-unpacking assignment gives one per name. An augmented one gives (name, the BinOp it stands for)."""
    out = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out.append((t.id, node.value, node))
                elif isinstance(t, (ast.Tuple, ast.List)) and isinstance(node.value, (ast.Tuple, ast.List)) \
                        and len(t.elts) == len(node.value.elts):
                    out += [(x.id, v, node) for x, v in zip(t.elts, node.value.elts) if isinstance(x, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            out.append((node.target.id, node.value, node))
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            out.append((node.target.id, ast.BinOp(ast.Name(node.target.id, ast.Load()), node.op, node.value), node))
    return out


def constants(src: str | ast.Module) -> tuple[dict[str, object], set[str]]:
    """Module-level int (or int tuple) constants with their values, and which of them are roots: bound once
    by an expression of literals only (then possibly augmented), so they can be set on their own."""
    tree = ast.parse(src) if isinstance(src, str) else src
    env: dict[str, object] = {}
    plain: dict[str, int] = {}
    derived: set[str] = set()
    for name, value, node in _assignments(tree):
        x = _eval(value, env)
        if x is None:
            env.pop(name, None)
            derived.add(name)
            continue
        env[name] = x
        if not isinstance(node, ast.AugAssign):
            plain[name] = plain.get(name, 0) + 1
            if any(isinstance(n, ast.Name) for n in ast.walk(value)):
                derived.add(name)
    roots = {n for n in env if plain.get(n) == 1 and n not in derived}
    return env, roots


def int_constants(src: str) -> dict[str, int]:
    """Root int constants (see `constants`): the named sizes a variant may set."""
    env, roots = constants(src)
    return {n: v for n, v in env.items() if n in roots and type(v) is int}


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _shape_args(fn: ast.FunctionDef) -> list[ast.expr]:
    """The shape arguments of the tensor constructors inside `fn`, in walk order."""
    out = []
    for call in ast.walk(fn):
        if not isinstance(call, ast.Call) or _callee(call) not in SHAPE_CTORS:
            continue
        name = _callee(call)
        args = call.args[:1] if name == "full" else call.args[_SKIP_POS.get(name, 0):]  # full(size, fill)
        out += args + [k.value for k in call.keywords if k.arg in ("size", "shape")]
    return out


def _local_size_literals(fn: ast.FunctionDef, shape_args: list[ast.expr]) -> list[ast.Constant]:
    """The int literals > 1 bound once to a local of `fn` (`features = 256`) that a shape argument reads,
    directly or through other locals (`hidden = features * 2`): a size named inside get_inputs (R9A_10)."""
    binds: dict[str, list[ast.AST | None]] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        binds.setdefault(n.id, []).append(node.value if t is n else None)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) and isinstance(node.target, ast.Name):
            binds.setdefault(node.target.id, []).append(node.value if isinstance(node, ast.AnnAssign) else None)
        elif isinstance(node, (ast.For, ast.comprehension)):
            for n in ast.walk(node.target):
                if isinstance(n, ast.Name):
                    binds.setdefault(n.id, []).append(None)
    todo = [n.id for a in shape_args for n in ast.walk(a) if isinstance(n, ast.Name)]
    seen: set[str] = set()
    out = []
    while todo:
        name = todo.pop()
        if name in seen or name not in binds:
            continue
        seen.add(name)
        values = binds[name]
        for v in values:
            if v is not None:
                todo += [n.id for n in ast.walk(v) if isinstance(n, ast.Name)]
        v = values[0] if len(values) == 1 else None
        if isinstance(v, ast.Constant) and type(v.value) is int and v.value > 1:
            out.append(v)
    return sorted(out, key=lambda c: (c.lineno, c.col_offset))


def inline_shape_literals(fn: ast.FunctionDef) -> list[ast.Constant]:
    """Int literals > 1 in shape positions of tensor constructors inside `fn` (get_inputs), then those bound
    once to a local of `fn` that a shape position reads (`features = 256; torch.randn(16, features)`)."""
    args = _shape_args(fn)
    out = []
    for a in args:
        elts = a.elts if isinstance(a, (ast.Tuple, ast.List)) else [a]
        out += [e for e in elts if isinstance(e, ast.Constant) and type(e.value) is int and e.value > 1]
    return out + _local_size_literals(fn, args)


def _reads(node: ast.AST) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        a = node.args
        own = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if x is not None}
        own |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - own
    if isinstance(node, ast.ClassDef):
        out: set[str] = set()
        for child in node.body:
            out |= _reads(child)
        for e in node.bases + node.decorator_list:
            out |= {n.id for n in ast.walk(e) if isinstance(n, ast.Name)}
        return out
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _readers(tree: ast.Module, env: dict[str, object]) -> dict[str, set[str]]:
    """For each constant, who reads it: 'get_inputs', 'get_init_inputs' or 'elsewhere', through the constants
    computed from it (`bias_shape = (out_channels, 1, 1)` read by get_init_inputs is out_channels read there)."""
    direct: dict[str, set[str]] = {n: set() for n in env}
    feeds: dict[str, set[str]] = {n: set() for n in env}  # constant -> the constants computed from it
    binding = {id(node) for _, _, node in _assignments(tree)}
    for node in tree.body:
        if id(node) in binding:
            for name, value, _ in _assignments(ast.Module([node], [])):
                for r in _reads(value) & set(env):
                    if r != name:
                        feeds[r].add(name)
            continue
        who = node.name if isinstance(node, ast.FunctionDef) and node.name in ("get_inputs", "get_init_inputs") \
            else "elsewhere"
        for r in _reads(node) & set(env):
            direct[r].add(who)
    out: dict[str, set[str]] = {}
    for n in env:
        seen, todo, acc = {n}, [n], set()
        while todo:
            m = todo.pop()
            acc |= direct.get(m, set())
            for d in feeds.get(m, ()):
                if d not in seen:
                    seen.add(d)
                    todo.append(d)
        out[n] = acc
    return out


def _ctor_size_names(tree: ast.Module, env: dict[str, object]) -> set[str]:
    """Constants that get_init_inputs hands to the constructor at a position that sizes a layer or a tensor."""
    positions = set(init_values.size_int_positions(ast.unparse(tree)))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_init_inputs":
            rets = [n for n in ast.walk(node) if isinstance(n, ast.Return)]
            if len(rets) == 1 and isinstance(rets[0].value, (ast.List, ast.Tuple)):
                return {e.id for i, e in enumerate(rets[0].value.elts) if i in positions and isinstance(e, ast.Name)
                        and e.id in env}
    return set()


def sizes(src: str) -> list[Size]:
    """Every size key of the reference with its value and role, in source order (see the module docstring).
    Sizes of 1 or less and constants read outside get_inputs/get_init_inputs (a dim the forward reads) stay."""
    tree = ast.parse(src)
    env, roots = constants(tree)
    readers = _readers(tree, env)
    ctor = _ctor_size_names(tree, env)
    out: list[Size] = []
    for name, value in env.items():
        if name not in roots:
            continue
        r = readers.get(name, set())
        if "elsewhere" in r or not r:
            continue
        if "get_inputs" in r:
            role = "shared" if "get_init_inputs" in r else "free"
        elif name in ctor:
            role = "ctor"
        else:
            continue
        if type(value) is int:
            if value > 1:
                out.append(Size(name, value, role))
        elif role != "ctor":  # a shape tuple the inputs take (`torch.randn(batch, *input_shape)`)
            out += [Size(f"{name}[{i}]", x, role) for i, x in enumerate(value) if x > 1]
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_inputs":
            seen: set[int] = set()
            for c in inline_shape_literals(node):
                if c.value not in seen:
                    seen.add(c.value)
                    out.append(Size(f"get_inputs={c.value}", c.value, "inline"))
    return out


def inline_occurrences(src: str) -> dict[int, int]:
    """For each inline shape literal value of get_inputs, how many times it occurs (its `@i` keys)."""
    out: dict[int, int] = {}
    for node in ast.parse(src).body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_inputs":
            for c in inline_shape_literals(node):
                out[c.value] = out.get(c.value, 0) + 1
    return out


def apply_overrides(src: str, overrides: dict[str, int]) -> str:
    """Rewrite the reference so that each size key takes its value (see the module docstring)."""
    if not overrides:
        return src
    tree = ast.parse(src)
    named = {k: int(v) for k, v in overrides.items() if "[" not in k and "=" not in k}
    elems = {k: int(v) for k, v in overrides.items() if "[" in k}
    inline = {k: v for k, v in overrides.items() if k.startswith("get_inputs=")}
    body: list[ast.stmt] = []
    for node in tree.body:
        body += _rewrite(node, named, elems)
    tree.body = body
    single = {k: int(v) for k, v in overrides.items() if k.startswith("get_inputs=") and "@" in k}
    for node in tree.body:
        if (inline or single) and isinstance(node, ast.FunctionDef) and node.name == "get_inputs":
            count: dict[int, int] = {}
            for c in inline_shape_literals(node):
                i = count[c.value] = count.get(c.value, -1) + 1
                one = f"get_inputs={c.value}@{i}"
                if one in single:
                    c.value = single[one]
                elif f"get_inputs={c.value}" in overrides:
                    c.value = int(overrides[f"get_inputs={c.value}"])
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _const(v: int, like: ast.AST) -> ast.expr:
    return ast.copy_location(ast.Constant(v), like)


def _rewrite(node: ast.stmt, named: dict[str, int], elems: dict[str, int]) -> list[ast.stmt]:
    """One module-level statement with the overridden names set: chained and tuple assignments split into one
    assignment per name, an augmentation of an overridden name dropped (the override is the final value)."""
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and node.target.id in named:
        return []
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id in named:
        node.value = _const(named[node.target.id], node)
        return [node]
    if not isinstance(node, ast.Assign):
        return [node]
    pairs = []
    for t in node.targets:
        if isinstance(t, ast.Name):
            pairs.append((t.id, node.value))
        elif isinstance(t, (ast.Tuple, ast.List)) and isinstance(node.value, (ast.Tuple, ast.List)) \
                and len(t.elts) == len(node.value.elts) and all(isinstance(x, ast.Name) for x in t.elts):
            pairs += [(x.id, v) for x, v in zip(t.elts, node.value.elts)]
        else:
            return [node]
    if not any(n in named or any(k.startswith(n + "[") for k in elems) for n, _ in pairs):
        return [node]
    out: list[ast.stmt] = []
    for name, value in pairs:
        if name in named:
            value = _const(named[name], node)
        elif isinstance(value, (ast.Tuple, ast.List)):
            elts = [_const(elems[f"{name}[{i}]"], e) if f"{name}[{i}]" in elems else e
                    for i, e in enumerate(value.elts)]
            value = ast.copy_location(type(value)(elts=elts, ctx=ast.Load()), value)
        out.append(ast.copy_location(ast.Assign(targets=[ast.Name(name, ast.Store())], value=value), node))
    return out
