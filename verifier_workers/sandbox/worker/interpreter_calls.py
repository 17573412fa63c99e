"""Only Triton runs inside an interpreted launch (sandbox worker processes, TRITON_INTERPRET=1 only).

Under Triton's interpreter a kernel body is plain Python executed on the host, with the compute watch paused
(the interpreter itself moves data with torch). So a kernel that reaches a Python object of the candidate's own
(a name rebound after import, a shadowed builtin, an object posing as `tl`, a callable handed in as a
constexpr, a module the interpreter injects into the kernel's globals such as `np`) computes on the host
there, while a GPU compile refuses that call or folds it away. `host_reach(fn, args)` checks, at every launch,
what the kernel can reach: every global name its code (and its @triton.jit helpers', transitively) reads must
resolve to Triton or `math` (a jit function, a triton/math module or function, a genuine builtin) or to a
constant (numbers, strings, tuples of them, dtypes, constexprs of them), and no launch argument may be a
callable or an object of the candidate's classes. Each offending name is returned; run_op makes any the
`kernel_host_call` violation. Checked at launch time, so a rebinding after the static check looked is seen,
at the cost of a dict walk per launch (a trace of every call inside the launch cost 5x the interpreter's time).
"""
from __future__ import annotations

import builtins

import types
from typing import Any

_JIT_TYPES = ("JITFunction", "InterpretedFunction", "Autotuner", "Heuristics")
_TRITON_VALUE_TYPES = ("dtype", "pointer_type", "block_type", "constexpr", "TensorDescriptor")
_CONSTANTS = (int, float, bool, str, bytes, complex, type(None))


def _is_jit(v: Any) -> bool:
    return type(v).__name__ in _JIT_TYPES


def _triton_or_math(v: Any) -> bool:
    mod = v.__name__ if isinstance(v, types.ModuleType) else getattr(v, "__module__", None)
    return isinstance(mod, str) and (mod == "math" or mod == "triton" or mod.startswith("triton."))


def _constant(v: Any, depth: int = 0) -> bool:
    t = type(v)
    if t in _CONSTANTS:
        return True
    if t in (tuple, list) and depth < 4:
        return all(_constant(x, depth + 1) for x in v)
    if t.__name__ in _TRITON_VALUE_TYPES and _triton_or_math(t):
        inner = getattr(v, "value", None) if t.__name__ == "constexpr" else None
        return inner is None or _constant(inner, depth + 1) or _is_jit(inner)
    return False


def _allowed_global(name: str, v: Any) -> bool:
    if _is_jit(v) or _constant(v):
        return True
    if isinstance(v, types.ModuleType):
        return _triton_or_math(v)
    if isinstance(v, (types.BuiltinFunctionType, type)) and getattr(builtins, name, None) is v:
        return True  # the genuine builtin under its own name (min, max, range...)
    if isinstance(v, (types.FunctionType, types.BuiltinFunctionType)) or isinstance(v, type):
        return _triton_or_math(v)  # `from triton.language import program_id`, `from math import pi`
    return False


def _code_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names |= _code_names(c)
    return names


def _rewriter_names() -> dict[str, Any]:
    """Names the interpreter's own AST rewrite puts into kernels (and their values in its module)."""
    try:
        from triton.runtime import interpreter
    except ImportError:
        return {}
    return {n: getattr(interpreter, n) for n in ("interpreter_semantic",) if hasattr(interpreter, n)}


def host_reach(fn: Any, args: list) -> list[str]:
    """What the kernel `fn` (the interpreter's function) could run on the host: offending global names and
    launch arguments, as `name` / `argument N`. Empty for a kernel that reaches only Triton and constants."""
    bad: list[str] = []
    seen: set[int] = set()
    todo = [fn]
    while todo:
        f = todo.pop()
        while _is_jit(f):
            f = getattr(f, "fn", None)
        if not isinstance(f, types.FunctionType) or id(f) in seen:
            continue
        seen.add(id(f))
        glob, injected = f.__globals__, _rewriter_names()
        for name in sorted(_code_names(f.__code__)):
            if name in injected and glob.get(name) is injected[name]:
                continue
            if name in glob:
                v = glob[name]
            elif hasattr(builtins, name):
                v = getattr(builtins, name)
            else:
                continue  # an attribute name, or a name that fails anyway
            if _is_jit(v):
                todo.append(v)
            elif not _allowed_global(name, v):
                bad.append(name)
    for i, a in enumerate(args):
        if _is_jit(a) or _constant(a):
            continue
        if callable(a) and not hasattr(a, "data_ptr"):
            bad.append(f"argument {i}")
        elif getattr(type(a), "__module__", "").startswith("trl_"):
            bad.append(f"argument {i}")
    return bad



