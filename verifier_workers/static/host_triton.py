"""Triton's language only inside kernels (docs/verifier-allowlist.md, "Host code"; red-team round 6).

Under Triton's CPU interpreter `triton.language` is patched to a numpy builder while a launch runs, and host
code the launch calls in that window (the grid callable; on other Triton versions hooks too) can run
`tl.load`/`tl.where`/`tl.store` and read the interpreter tensor's `.handle.data` numpy array: the task computed
on the host, unseen, where a GPU raises (R6A_01, 08, 10). A @triton.jit function called from host code is run
on the host by the interpreter too (R6A_02). The run-time side (sandbox/worker/interpreter_host.py) calls such
host code as a GPU does; this is the static side, all `not_allowlisted`:
  * host code (everything outside @triton.jit bodies: forward, helpers, lambdas, grid callables, autotune and
    heuristics callbacks, class bodies, module level) may read from `triton.language` only metadata: dtypes,
    `tl.constexpr`, `tl.dtype`, pointer/block types, `tl.PropagateNan` (allowed_names.TL_HOST_NAMES); any
    operation (`tl.load`, `tl.arange`, `tl.cdiv`, `tl.math.*`, libdevice) is refused, called or not, except
    as a bare annotation (`x: tl.tensor`), which runs nothing;
  * a @triton.jit function of the file called directly from host code (`k(x)`, not launched as `k[grid](x)`);
  * `.handle` on any object in host code (the interpreter tensor's host array; no honest file has one).
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from tritonrl.verifier_workers.static.allowed_names import NAMESPACES, TL_HOST_NAMES
from tritonrl.verifier_workers.static.existence import lookup
from tritonrl.verifier_workers.static.violations import Violation, v

if TYPE_CHECKING:  # only for hints: checks.py imports allowlist_rules, which imports this module
    from tritonrl.verifier_workers.static.checks import Facts

CODE = "not_allowlisted"
TL = "triton.language"
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def check_host_triton(facts: Facts, parents: dict[int, ast.AST]) -> list[Violation]:
    kernel_nodes = {id(n) for k in facts.all_kernels for stmt in k.body for n in ast.walk(stmt)}
    jit_names = {k.name for k in facts.all_kernels}
    out: list[Violation] = []
    local_cache: dict[int, set[str]] = {}
    for n in facts.nodes:
        if id(n) in kernel_nodes or id(n) in facts.main_nodes:
            continue
        if isinstance(n, ast.Attribute) and n.attr == "handle" and isinstance(n.ctx, ast.Load):
            out.append(v(CODE, n, "attribute `.handle` in host code: the Triton interpreter's host array of a "
                                  "tensor (host code cannot hold Triton values)"))
        if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load):
            q = _first_tl_step(n, facts, parents, local_cache)
            if q and not _bare_annotation(n, parents):
                out.append(v(CODE, n, f"`{q}` in host code: a Triton operation outside a @triton.jit body (host "
                                      "code may name only dtypes, `tl.constexpr` and types; on a GPU the call "
                                      "raises, only the interpreter runs it)"))
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in jit_names \
                and n.func.id not in _locals_at(n, parents, local_cache):
            out.append(v(CODE, n, f"@triton.jit `{n.func.id}` called from host code (launch it as "
                                  f"`{n.func.id}[grid](...)`; a GPU raises, only the interpreter runs its body "
                                  "on the host)"))
    return out


def _first_tl_step(n: ast.Name | ast.Attribute, facts: Facts, parents: dict[int, ast.AST],
                   cache: dict[int, set[str]]) -> str | None:
    """`triton.language.<x>` (or `.math.<x>`, libdevice...) when `n` is the first step past a namespace and
    not pure metadata; None otherwise."""
    root = n
    while isinstance(root, ast.Attribute):
        root = root.value
    if isinstance(root, ast.Name) and root.id in _locals_at(root, parents, cache):
        return None  # a parameter or local shadowing the import (`def f(tl): ...`)
    q = facts.names.qual(n)
    if not q or not q.startswith(TL + ".") or q in NAMESPACES:
        return None
    if isinstance(n, ast.Attribute):
        recv = facts.names.qual(n.value)
        if recv not in NAMESPACES:
            return None  # `tl.float32.primitive_bitwidth`: the step past the namespace is judged on its own
    head, _, name = q.rpartition(".")
    if head == TL and name in TL_HOST_NAMES or lookup(q) is False:
        return None  # metadata; or no such name at all (`tl.END`), which the allowlist reports as unknown_name
    return q


def _bare_annotation(n: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """Inside an annotation (a parameter's, a return's, an annotated assignment's) with no call on the way."""
    child, p = n, parents.get(id(n))
    while p is not None:
        if isinstance(p, ast.Call):
            return False
        if isinstance(p, ast.arg) and p.annotation is child or isinstance(p, _FUNCS[:2]) and p.returns is child \
                or isinstance(p, ast.AnnAssign) and p.annotation is child:
            return True
        if isinstance(p, (ast.stmt, ast.arguments)):
            return False
        child, p = p, parents.get(id(p))
    return False


def _locals_at(n: ast.AST, parents: dict[int, ast.AST], cache: dict[int, set[str]]) -> set[str]:
    """Parameters and assigned names of the function enclosing `n` (empty at module level)."""
    fn = parents.get(id(n))
    while fn is not None and not isinstance(fn, _FUNCS):
        fn = parents.get(id(fn))
    if fn is None:
        return set()
    if id(fn) not in cache:
        a = fn.args
        names = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if x is not None}
        body = fn.body if isinstance(fn.body, list) else [fn.body]
        names |= {x.id for stmt in body for x in ast.walk(stmt)
                  if isinstance(x, ast.Name) and isinstance(x.ctx, (ast.Store, ast.Del))}
        cache[id(fn)] = names
    return cache[id(fn)]
