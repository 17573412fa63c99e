"""Only Triton runs inside an interpreted launch (sandbox worker processes, TRITON_INTERPRET=1 only).

Under Triton's interpreter a kernel body is plain Python executed on the host, with the compute watch paused
(the interpreter itself moves data with torch). So a kernel that reaches a Python object of the candidate's own
(a name rebound after import, a shadowed builtin, an object posing as `tl`, a callable handed in as a
constexpr, a module the interpreter injects into the kernel's globals such as `np`) computes on the host
there, while a GPU compile refuses that call or folds it away. `host_reach(fn, args)` checks, at every launch,
what the kernel can reach: every global name its code (and its @triton.jit helpers', transitively) reads must
resolve to Triton or `math` (a jit function, a triton/math module or function, a genuine builtin) or to a
constant (numbers, strings, tuples of them, dtypes, constexprs of them), and every launch argument and
parameter default must be a plain tensor, a jit function or such a constant: an object of any other class
(a dtype or descriptor look-alike, an enum member with a base of the candidate's, a callable) has methods
the interpreter calls inside the launch, while the compute watch is paused. Triton's own classes and functions are recognised by
identity (`sys.modules[obj.__module__].<qualname> is obj`), never by a name or `__module__` a look-alike can
copy; a jit helper's closure variables count as its globals. Each offending name is returned; run_op makes any the
`kernel_host_call` violation. Checked at launch time, so a rebinding after the static check looked is seen,
at the cost of a dict walk per launch (a trace of every call inside the launch cost 5x the interpreter's time).
"""
from __future__ import annotations

import builtins
import enum
import functools
import sys

import types
from typing import Any

import torch

_CONSTANTS = (int, float, bool, str, bytes, complex, type(None))
_TRITON_HELPER_MODULES = ("torch._inductor.runtime.triton_helpers",)  # Inductor's own @triton.jit helpers


def _genuine(obj: Any) -> bool:
    """The object is what its module says it is: `sys.modules[obj.__module__].<qualname>` is this very object
    (a class or function claiming `__module__ = "triton.language"` under a Triton name is not)."""
    mod = sys.modules.get(getattr(obj, "__module__", None) or "")
    target: Any = mod
    for part in (getattr(obj, "__qualname__", "") or "").split("."):
        target = getattr(target, part, None) if target is not None else None
    return mod is not None and target is obj


@functools.cache  # called for every name at every launch: import once
def _jit_classes() -> tuple:
    from triton.runtime.autotuner import Autotuner, Heuristics
    from triton.runtime.interpreter import InterpretedFunction
    from triton.runtime.jit import JITFunction

    return JITFunction, InterpretedFunction, Autotuner, Heuristics


def _is_jit(v: Any) -> bool:
    return type(v) in _jit_classes()  # exactly Triton's classes: a look-alike's __call__ would run instead


def _triton_or_math_module(name: Any) -> bool:
    return isinstance(name, str) and (name in ("math", "triton") or name.startswith("triton.")
                                      or name in _TRITON_HELPER_MODULES)


def _plain_enum_member(v: Any) -> bool:
    """A member of an IntEnum/StrEnum-like class that defines no functions of its own (its operators are
    int's or str's, so a kernel comparing or computing with it runs no candidate code)."""
    t = type(v)  # its bases must be enum's and builtins' very classes (a base claiming `__module__="enum"` is not)
    return (isinstance(v, enum.Enum) and isinstance(v, (int, str))
            and all(b.__module__ in ("enum", "builtins") and _genuine(b) for b in t.__mro__[1:])
            and not any(_candidate_function(x) for x in vars(t).values()))


def _candidate_function(x: Any) -> bool:
    """A function (or a classmethod/staticmethod/property of one) that the enum machinery did not add."""
    f = getattr(x, "__func__", None) or getattr(x, "fget", None) or x
    return isinstance(f, types.FunctionType) and f.__module__ != "enum"


def _constant(v: Any, depth: int = 0) -> bool:
    t = type(v)
    if t in _CONSTANTS or _plain_enum_member(v):
        return True
    if t in (tuple, list) and depth < 4:
        return all(_constant(x, depth + 1) for x in v)
    if _triton_or_math_module(t.__module__) and _genuine(t) and t.__name__ in (
            "dtype", "pointer_type", "block_type", "constexpr", "TensorDescriptor"):
        inner = v.value if t.__name__ == "constexpr" else None
        return inner is None or _constant(inner, depth + 1) or _is_jit(inner)
    return False


def _allowed_global(name: str, v: Any) -> bool:
    if _is_jit(v) or _constant(v):
        return True
    if isinstance(v, types.ModuleType):
        return _triton_or_math_module(v.__name__) and sys.modules.get(v.__name__) is v
    if isinstance(v, (types.BuiltinFunctionType, type)) and getattr(builtins, name, None) is v:
        return True  # the genuine builtin under its own name (min, max, range...)
    if isinstance(v, (types.FunctionType, types.BuiltinFunctionType, type)):
        return _triton_or_math_module(getattr(v, "__module__", None)) and _genuine(v)
    return False


def _code_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names |= _code_names(c)
    return names


@functools.cache
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
        for name, cell in zip(f.__code__.co_freevars, f.__closure__ or ()):  # a jit helper made in a factory
            try:
                v = cell.cell_contents
            except ValueError:
                continue
            if _is_jit(v):
                todo.append(v)
            elif not _allowed_global(name, v):
                bad.append(name)
    for i, a in enumerate(args):
        if not _plain_argument(a):
            bad.append(f"argument {i}")
    for f in _functions(fn):  # a default the launch does not pass is an argument all the same
        for name, d in _defaults(f):
            if not _plain_argument(d):
                bad.append(f"default of {name}")
    return bad


_TENSORS = (torch.Tensor, torch.nn.Parameter)  # a registered buffer is a plain Tensor


def _plain_argument(a: Any) -> bool:
    """What a launch may pass: tensors of torch's own classes, jit functions, constants (numbers, strings,
    genuine Triton dtypes/constexprs/descriptors, tuples of them), torch dtypes."""
    t = type(a)
    if t in (tuple, list):
        return all(_plain_argument(x) for x in a)
    if t is dict:
        return all(_plain_argument(x) for x in a.values())
    return t in _TENSORS or _is_jit(a) or _constant(a) or t is torch.dtype


def _functions(fn: Any) -> list:
    """The Python function under a kernel object (jit/autotune/heuristics wrappers unwrapped)."""
    f, hops = fn, 0
    while not isinstance(f, types.FunctionType) and hops < 8:
        f, hops = getattr(f, "fn", None), hops + 1
    return [f] if isinstance(f, types.FunctionType) else []


def _defaults(f: types.FunctionType) -> list[tuple[str, Any]]:
    code = f.__code__
    names = code.co_varnames[:code.co_argcount]
    pos = list(zip(names[len(names) - len(f.__defaults__ or ()):], f.__defaults__ or ()))
    return pos + list((f.__kwdefaults__ or {}).items())



