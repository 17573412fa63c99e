"""Tables of a math function computed in host Python (static rule `host_table`).

A kernel that only looks up or interpolates `[math.exp(-k / 8) for k in range(256)]` has the host do the
task's transcendental work; the run-time watch counts elements made from host values, but a table at its
limit (256) still passed (red-team round 4, R4C_09). Contract: `check_host_tables(nodes, kernel_nodes)`
returns a `host_table` violation for each call of a floating-point `math` function (exp, log, trigonometric,
hyperbolic, erf, gamma, pow, sqrt...) inside a comprehension or a loop of host code, i.e. evaluated over a
range of arguments. One call on a scalar (`math.sqrt(dim)`, `math.log2(n)`) is no table; integer helpers
(`ceil`, `floor`, `gcd`, `prod`) are not listed.

`check_host_float_tables(tree, kernel_nodes)` (red-team round 8, R8A_09): a list built in a loop or a
comprehension of host code whose elements are float arithmetic (`/`, `**`, `pow`, a math function) and that is
made into a tensor (`torch.tensor`/`as_tensor`/`asarray`/`new_tensor`/`FloatTensor`..., directly or through a
name the same function binds or appends to) is also `host_table`: a table of the task's values computed by
Python (`[1.0 / base ** (2 * i / d) for i in range(h)]`, a RoPE frequency table of 32 entries, far below the
run-time watch's 256 elements). Integer tables (offsets `[i * stride for i ...]`) and scalars stay allowed.
"""
from __future__ import annotations

import ast

from tritonrl.verifier_workers.static.violations import Violation, v

MATH_FUNCTIONS = frozenset("""exp exp2 expm1 log log1p log2 log10 pow sqrt cbrt sin cos tan asin acos atan atan2
sinh cosh tanh asinh acosh atanh erf erfc gamma lgamma hypot""".split())
_LOOPS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.For, ast.While, ast.AsyncFor)


def _math_call(n: ast.AST, math_names: set[str], imported: dict[str, str]) -> str | None:
    if not isinstance(n, ast.Call):
        return None
    f = n.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in math_names \
            and f.attr in MATH_FUNCTIONS:
        return f"{f.value.id}.{f.attr}"
    if isinstance(f, ast.Name) and imported.get(f.id) in MATH_FUNCTIONS:
        return f.id
    return None


def check_host_tables(tree: ast.Module, kernel_nodes: set[int]) -> list[Violation]:
    """`kernel_nodes`: ids of the nodes inside @triton.jit functions (tl.math there is the kernel's work)."""
    math_names, imported = {"math"}, {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            math_names |= {a.asname or a.name for a in n.names if a.name == "math"}
        elif isinstance(n, ast.ImportFrom) and n.module == "math":
            imported.update({a.asname or a.name: a.name for a in n.names})
    out, seen = [], set()
    for loop in ast.walk(tree):
        if not isinstance(loop, _LOOPS) or id(loop) in kernel_nodes:
            continue
        for n in ast.walk(loop):
            name = _math_call(n, math_names, imported)
            if name and id(n) not in seen and id(n) not in kernel_nodes:
                seen.add(id(n))
                out.append(v("host_table", n, f"`{name}` evaluated in a loop on the host: a table of the "
                                              "function for a kernel to look up"))
    return out


TENSOR_MAKERS = frozenset("""tensor as_tensor asarray new_tensor Tensor FloatTensor DoubleTensor HalfTensor
BFloat16Tensor""".split())
_COMPS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def _float_arith(e: ast.AST, math_names: set[str], imported: dict[str, str]) -> str | None:
    """The first float-valued arithmetic in `e`: `/`, `**`, `pow(...)` or a float math function."""
    for n in ast.walk(e):
        if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Div, ast.Pow)):
            return ast.unparse(n)[:50]
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "pow":
            return ast.unparse(n)[:50]
        if _math_call(n, math_names, imported):
            return ast.unparse(n)[:50]
    return None


def _comp_arith(e: ast.AST, math_names: set[str], imported: dict[str, str]) -> str | None:
    """Float arithmetic in the elements of a comprehension inside `e`."""
    for n in ast.walk(e):
        if isinstance(n, _COMPS):
            elt = [n.key, n.value] if isinstance(n, ast.DictComp) else [n.elt]
            found = next((f for x in elt if (f := _float_arith(x, math_names, imported))), None)
            if found:
                return found
    return None


def _built_in_loop(name: str, scope: ast.AST, math_names: set[str], imported: dict[str, str]) -> str | None:
    """Float arithmetic in what `scope` puts into the list `name`: `name = [comprehension]`, or in a loop
    `name.append(x)` / `name.extend(...)` / `name += [x]` / `name[i] = x`."""
    for n in ast.walk(scope):
        if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in n.targets):
            found = _comp_arith(n.value, math_names, imported)
            if found:
                return found
        if not isinstance(n, (ast.For, ast.While, ast.AsyncFor)):
            continue
        for m in ast.walk(n):
            put = None
            if isinstance(m, ast.Call) and isinstance(m.func, ast.Attribute) and m.func.attr in ("append", "extend",
                                                                                                 "insert") \
                    and isinstance(m.func.value, ast.Name) and m.func.value.id == name:
                put = m.args
            elif isinstance(m, ast.AugAssign) and isinstance(m.target, ast.Name) and m.target.id == name:
                put = [m.value]
            elif isinstance(m, ast.Assign) and any(isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)
                                                   and t.value.id == name for t in m.targets):
                put = [m.value]
            found = next((f for x in put or [] if (f := _float_arith(x, math_names, imported))), None)
            if found:
                return found
    return None


def check_host_float_tables(tree: ast.Module, kernel_nodes: set[int]) -> list[Violation]:
    """Module doc, second rule. `kernel_nodes`: ids of the nodes inside @triton.jit functions."""
    math_names, imported = {"math"}, {}
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            math_names |= {a.asname or a.name for a in n.names if a.name == "math"}
        elif isinstance(n, ast.ImportFrom) and n.module == "math":
            imported.update({a.asname or a.name: a.name for a in n.names})
    scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                       and id(n) not in kernel_nodes]
    out, seen = [], set()
    for scope in scopes:
        for n in ast.walk(scope):
            if id(n) in seen or id(n) in kernel_nodes or not isinstance(n, ast.Call) or not n.args \
                    or not isinstance(n.func, ast.Attribute) or n.func.attr not in TENSOR_MAKERS:
                continue
            arg = n.args[0]
            found = _comp_arith(arg, math_names, imported)
            if not found and isinstance(arg, ast.Name):
                found = _built_in_loop(arg.id, scope, math_names, imported)
            if found:
                seen.add(id(n))
                out.append(v("host_table", n, f"a table of `{found}` built by Python and made a tensor "
                                              f"(`{ast.unparse(n.func)}`): the host computes the task's values"))
    return out


_SHAPE_WORDS = frozenset({"shape", "size", "numel", "stride", "ndim", "dim", "len"})


def _mentions_shape(e: ast.AST | None) -> bool:
    return e is not None and any(isinstance(n, ast.Attribute) and n.attr in _SHAPE_WORDS
                                 or isinstance(n, ast.Name) and n.id in _SHAPE_WORDS for n in ast.walk(e))


def _float_inits(scope: ast.AST) -> set[str]:
    """Names the scope binds to a float literal (`g = 1.0`, `lo, g = [], 1.0`)."""
    out = set()
    for n in ast.walk(scope):
        if isinstance(n, ast.Assign):
            for t in n.targets:
                pairs = zip(t.elts, n.value.elts) if isinstance(t, ast.Tuple) and isinstance(n.value, ast.Tuple) \
                    and len(t.elts) == len(n.value.elts) else [(t, n.value)]
                out |= {a.id for a, b in pairs if isinstance(a, ast.Name) and isinstance(b, ast.Constant)
                        and isinstance(b.value, float)}
    return out


def _recurrence(n: ast.AST, floats: set[str]) -> tuple[str, ast.AST] | None:
    """(name, the other operand) of `g *= e`, `g /= e`, `g = g * e` (or e * g, g / e) for a float-born g."""
    if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id in floats \
            and isinstance(n.op, (ast.Mult, ast.Div, ast.Pow)):
        return n.target.id, n.value
    if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) \
            and n.targets[0].id in floats and isinstance(n.value, ast.BinOp) \
            and isinstance(n.value.op, (ast.Mult, ast.Div, ast.Pow)):
        name, (a, b) = n.targets[0].id, (n.value.left, n.value.right)
        if isinstance(a, ast.Name) and a.id == name:
            return name, b
        if isinstance(b, ast.Name) and b.id == name and isinstance(n.value.op, ast.Mult):
            return name, a
    return None


def _shape_names(scope: ast.AST) -> set[str]:
    """Names bound to sizes: targets of a loop over a shape (`for d in x.shape`) and of an assignment from one
    (`M, N = x.shape`, `n = x.numel()`)."""
    out = set()
    for n in ast.walk(scope):
        target = n.target if isinstance(n, (ast.For, ast.comprehension)) and _mentions_shape(n.iter) else \
            ast.Tuple(elts=n.targets, ctx=ast.Store()) if isinstance(n, ast.Assign) and _mentions_shape(n.value) else None
        out |= {m.id for m in ast.walk(target) if isinstance(m, ast.Name)} if target is not None else set()
    return out


def _handed(loop: ast.AST, carried: dict) -> tuple[str, str] | None:
    """(name, where) of a carried name the loop hands on: inside a call's arguments (`lo.append(g * 1.0)`, a
    launch's `float(base)`), or stored into a list (`lo += [g]`, `lo[i] = g`)."""
    for n in ast.walk(loop):
        if isinstance(n, ast.Call):
            parts, where = list(n.args) + [k.value for k in n.keywords], ast.unparse(n.func)[:40]
        elif isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and isinstance(n.value, (ast.List, ast.Tuple)):
            parts, where = [n.value], ast.unparse(n.target)[:40]
        elif isinstance(n, ast.Assign) and any(isinstance(t, ast.Subscript) for t in n.targets):
            parts, where = [n.value], ast.unparse(n.targets[0])[:40]
        else:
            continue
        for part in parts:
            hit = next((m.id for m in ast.walk(part) if isinstance(m, ast.Name) and m.id in carried), None)
            if hit:
                return hit, where
    return None


def check_host_recurrences(tree: ast.Module, kernel_nodes: set[int]) -> list[Violation]:
    """Red-team round 10 (R10A_06, R10A_14): powers of a task constant made by repeated multiplication in a
    host loop, so that neither `/`, `**` nor a math function appears: `g = 1.0; for ...: lo.append(g);
    g *= self.gamma`, or `base = base * step` handed to a launch per column block. A name bound to a float
    literal, multiplied or divided by itself in a loop that hands it on (inside a call's arguments, or stored
    into a list), is `host_table`. Shape arithmetic stays allowed: an operand that reads a shape, a size or a
    length, or a name bound to one (`inv /= d` over `x.shape`). A heuristic over spellings, documented with
    its gaps (docs/verifier-allowlist.md): a recurrence through a list's own elements is not followed."""
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
              and id(n) not in kernel_nodes]
    out, seen = [], set()
    for scope in scopes:
        floats = _float_inits(scope)
        if not floats:
            continue
        sizes = _shape_names(scope)
        for loop in ast.walk(scope):
            if not isinstance(loop, (ast.For, ast.While)) or id(loop) in kernel_nodes:
                continue
            carried = {}
            for n in ast.walk(loop):
                r = _recurrence(n, floats)
                if r and not _mentions_shape(r[1]) and not any(isinstance(m, ast.Name) and m.id in sizes
                                                                for m in ast.walk(r[1])):
                    carried[r[0]] = n
            hit = _handed(loop, carried) if carried else None
            if hit and id(carried[hit[0]]) not in seen:
                seen.add(id(carried[hit[0]]))
                out.append(v("host_table", carried[hit[0]], f"`{hit[0]}` multiplied in a host loop and handed to "
                             f"`{hit[1]}`: the powers of a task value computed by Python"))
    return out
