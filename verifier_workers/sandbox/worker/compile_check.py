"""Compile recorded kernel launches for a real GPU target without a GPU (runs inside the "compile" worker,
which is started without TRITON_INTERPRET, since triton.compile fails under the interpreter).

A launch spec comes from the interpreter's launch hook (launch_spec.py): kernel name, the line of its `def`,
Triton signature strings per argument ("*fp32", "i32", "fp32", "constexpr") and constexpr values. Every
recorded launch must compile: a spec that could not be recorded, or a kernel that cannot be found, fails the
stage (a kernel the check skipped would be one nobody compiled).
"""
from __future__ import annotations

import types
from types import ModuleType
from typing import Any



def describe_error(e: BaseException) -> str:
    """One line that leads with the cause: Triton's CompilationError echoes up to 12 lines of the kernel's
    source first, and a verdict's error is cut at 300 characters, before the reason."""
    node, src = getattr(e, "node", None), getattr(e, "src", None)
    if node is None or not hasattr(node, "lineno") or not isinstance(src, str):
        return " ".join(str(e).split())
    why, cause = getattr(e, "error_message", None), e.__cause__
    while cause is not None:  # the innermost reason (a nested CompilationError, a TypeError...)
        inner = getattr(cause, "error_message", None) if hasattr(cause, "node") else f"{type(cause).__name__}: {cause}"
        why = inner or why
        cause = cause.__cause__
    lines = src.split("\n")
    line = lines[node.lineno - 1].strip() if 0 < node.lineno <= len(lines) else ""
    return " ".join(f"at {node.lineno}:{node.col_offset}: {why or 'error'} (in `{line}`)".split())

def _code_covers(code, line: int | None) -> bool:
    if line is None:
        return True
    lines = [n for _, _, n in code.co_lines() if n is not None]
    return code.co_firstlineno <= line <= max(lines, default=code.co_firstlineno)


def find_jit_function(module: ModuleType, name: str, line: int | None = None, constexprs: tuple = ()):
    """The JITFunction called `name` (whose definition covers `line`, when given) at module level or in a
    module-level class, looking through autotune/heuristics wrappers and staticmethod; else one defined
    anywhere else in the module's source (inside a function: a kernel factory), rebuilt from its code."""
    from triton.runtime.jit import JITFunction

    values = list(vars(module).values())
    values += [getattr(x, "__func__", x) for c in values if isinstance(c, type) for x in list(vars(c).values())]
    for value in values:
        fn, depth = value, 0
        while not isinstance(fn, JITFunction) and hasattr(fn, "fn") and depth < 8:
            fn, depth = fn.fn, depth + 1
        if isinstance(fn, JITFunction) and getattr(fn.fn, "__name__", None) == name:
            code = getattr(fn.fn, "__code__", None)
            if code is not None and _code_covers(code, line):
                return fn
    return _nested_jit_function(module, name, line, constexprs) if line is not None else None


def _nested_jit_function(module: ModuleType, name: str, line: int, constexprs: tuple):
    """A kernel defined inside a function (or a class in one), found in the module's own source and rebuilt
    with the module's globals, as the interpreter ran it (it executes a kernel's body in the globals of
    its module: names of the enclosing function are looked up there)."""
    import triton
    import triton.language as tl

    path = getattr(module, "__file__", None)
    try:
        with open(path) as f:
            top = compile(f.read(), path, "exec")
    except (OSError, TypeError, SyntaxError, ValueError):
        return None
    found, stack = [], [top]
    while stack:
        code = stack.pop()
        for c in code.co_consts:
            if isinstance(c, types.CodeType):
                if c.co_name == name and _code_covers(c, line):
                    found.append(c)
                stack.append(c)
    if len(found) != 1:
        return None
    code, g = found[0], vars(module)
    missing = [v for v in code.co_freevars if v not in g]
    if missing:
        raise NameError(f"kernel {name} reads {', '.join(missing)} from its enclosing function")
    fn = types.FunctionType(code, g, name, None, tuple(types.CellType(g[v]) for v in code.co_freevars))
    fn.__annotations__ = {a: tl.constexpr for a in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
                          if a in constexprs}  # a code object keeps no annotations
    return triton.jit(fn)


def decode_constexpr(v: Any, module: ModuleType | None = None) -> Any:
    if isinstance(v, dict) and "__tl_dtype__" in v:
        import triton.language as tl

        return tl.dtype(v["__tl_dtype__"])
    if isinstance(v, dict) and "__torch_dtype__" in v:
        import torch

        return getattr(torch, v["__torch_dtype__"])
    if isinstance(v, dict) and "__tuple__" in v:
        return tuple(decode_constexpr(x, module) for x in v["__tuple__"])
    if isinstance(v, dict) and "__jit__" in v:
        fn = find_jit_function(module, v["__jit__"], v.get("line")) if module is not None else None
        if fn is None:
            raise LookupError(f"cannot find the @triton.jit function {v['__jit__']} passed as a constexpr")
        return fn
    return v


def _as_tuples(t: Any) -> Any:
    return tuple(_as_tuples(x) for x in t) if isinstance(t, list) else t


def make_source(fn, spec: dict, module: ModuleType | None = None):
    """ASTSource for one spec. Triton >= 3.3 takes constexprs keyed by name (or index tuples) with
    "constexpr" entries in the signature; older versions keyed constants by argument index."""
    from triton.compiler import ASTSource

    signature = {k: _as_tuples(spec["signature"][k]) for k in fn.arg_names if k in spec["signature"]}
    constexprs = {k: decode_constexpr(v, module) for k, v in spec["constexprs"].items()}
    try:
        return ASTSource(fn, signature=signature, constexprs=constexprs)
    except (AssertionError, TypeError, ValueError):
        by_index = {fn.arg_names.index(k): v for k, v in constexprs.items()}
        sig_by_index = {fn.arg_names.index(k): t for k, t in signature.items() if t != "constexpr"}
        return ASTSource(fn, signature=sig_by_index, constexprs=by_index)


MAX_THREADS_PER_BLOCK = 1024
# shared memory one block may use (opt-in maximum), by compute capability
_SHARED_LIMITS = {70: 98304, 75: 65536, 80: 166912, 86: 101376, 87: 166912, 89: 101376, 90: 232448,
                  100: 232448, 120: 101376}


def shared_memory_limit(arch: int) -> int:
    return _SHARED_LIMITS.get(arch, 232448)


def compile_specs(module: ModuleType, specs: list[dict], arch: int) -> dict[str, Any]:
    """Compile each spec for GPUTarget("cuda", arch, 32). Returns the compiled count, notes, and the first
    error (one line) if any: a launch that is invalid, unrecordable, or of a kernel that cannot be found or
    does not compile."""
    import triton
    from triton.backends.compiler import GPUTarget

    target = GPUTarget("cuda", arch, 32)
    compiled, notes = 0, []

    def fail(spec: dict, why: str) -> dict[str, Any]:
        return {"compiled": compiled, "notes": notes, "error": f"kernel {spec.get('name')} {why}"[:500]}

    for spec in specs:
        if spec.get("invalid"):
            return fail(spec, f"cannot compile for sm_{arch}: {spec['invalid']}")
        if spec.get("unrecordable"):
            return fail(spec, f"has a launch the compile check cannot describe: {spec['unrecordable']}")
        try:
            consts = tuple(k for k, t in spec["signature"].items() if t == "constexpr")
            fn = find_jit_function(module, spec["name"], spec.get("line"), consts)
            if fn is None:
                return fail(spec, "cannot be found: define it with @triton.jit at module level, in a class, or "
                                  "in a function of the module")
            src = make_source(fn, spec, module)
        except Exception as e:
            return fail(spec, f"cannot be prepared for compilation: {type(e).__name__}: {' '.join(str(e).split())}")
        options = spec.get("options") or {}
        warps = options.get("num_warps", 4)
        if warps < 1 or warps & (warps - 1) or warps * 32 > MAX_THREADS_PER_BLOCK:
            return fail(spec, f"cannot launch on sm_{arch}: num_warps={warps} (a power of 2, at most "
                              f"{MAX_THREADS_PER_BLOCK // 32})")
        try:
            kernel = triton.compile(src, target=target, options=options or None)
        except Exception as e:
            return fail(spec, f"does not compile for sm_{arch}: {type(e).__name__}: {describe_error(e)}")
        shared, limit = getattr(kernel.metadata, "shared", 0) or 0, shared_memory_limit(arch)
        if shared > limit:  # the GPU refuses the launch (OutOfResources), the interpreter never would
            return fail(spec, f"cannot launch on sm_{arch}: needs {shared} bytes of shared memory, the GPU has {limit}")
        compiled += 1
    return {"compiled": compiled, "notes": notes, "error": None}
