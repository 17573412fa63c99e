"""Tables of a math function computed in host Python (static rule `host_table`).

A kernel that only looks up or interpolates `[math.exp(-k / 8) for k in range(256)]` has the host do the
task's transcendental work; the run-time watch counts elements made from host values, but a table at its
limit (256) still passed (red-team round 4, R4C_09). Contract: `check_host_tables(nodes, kernel_nodes)`
returns a `host_table` violation for each call of a floating-point `math` function (exp, log, trigonometric,
hyperbolic, erf, gamma, pow, sqrt...) inside a comprehension or a loop of host code, i.e. evaluated over a
range of arguments. One call on a scalar (`math.sqrt(dim)`, `math.log2(n)`) is no table; integer helpers
(`ceil`, `floor`, `gcd`, `prod`) are not listed.
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
