"""Compile recorded kernel launches for a real GPU target without a GPU (runs inside the "compile" worker,
which is started without TRITON_INTERPRET, since triton.compile fails under the interpreter).

A launch spec comes from the interpreter's launch hook (harness.py): kernel name, Triton signature strings
per argument ("*fp32", "i32", "fp32", "constexpr") and constexpr values.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any


def find_jit_function(module: ModuleType, name: str):
    """The JITFunction called `name` at module level or in a module-level class, looking through
    autotune/heuristics wrappers and staticmethod."""
    from triton.runtime.jit import JITFunction

    values = list(vars(module).values())
    values += [getattr(x, "__func__", x) for c in values if isinstance(c, type) for x in list(vars(c).values())]
    for value in values:
        fn, depth = value, 0
        while not isinstance(fn, JITFunction) and hasattr(fn, "fn") and depth < 8:
            fn, depth = fn.fn, depth + 1
        if isinstance(fn, JITFunction) and getattr(fn.fn, "__name__", None) == name:
            return fn
    return None


def decode_constexpr(v: Any) -> Any:
    if isinstance(v, dict) and "__tl_dtype__" in v:
        import triton.language as tl

        return tl.dtype(v["__tl_dtype__"])
    return v


def make_source(fn, spec: dict):
    """ASTSource for one spec. Triton >= 3.3 takes constexprs keyed by name (or index tuples) with
    "constexpr" entries in the signature; older versions keyed constants by argument index."""
    from triton.compiler import ASTSource

    signature = {k: spec["signature"][k] for k in fn.arg_names if k in spec["signature"]}
    constexprs = {k: decode_constexpr(v) for k, v in spec["constexprs"].items()}
    try:
        return ASTSource(fn, signature=signature, constexprs=constexprs)
    except (AssertionError, TypeError, ValueError):
        by_index = {fn.arg_names.index(k): v for k, v in constexprs.items()}
        sig_by_index = {fn.arg_names.index(k): t for k, t in signature.items() if t != "constexpr"}
        return ASTSource(fn, signature=sig_by_index, constexprs=by_index)


def compile_specs(module: ModuleType, specs: list[dict], arch: int) -> dict[str, Any]:
    """Compile each spec for GPUTarget("cuda", arch, 32). Returns compiled count, notes on kernels that
    could not be checked, and the first compilation error (one line) if any."""
    import triton
    from triton.backends.compiler import GPUTarget

    target = GPUTarget("cuda", arch, 32)
    compiled, notes = 0, []
    for spec in specs:
        if spec.get("invalid"):
            return {"compiled": compiled, "notes": notes,
                    "error": f"kernel {spec['name']} cannot compile for sm_{arch}: {spec['invalid']}"}
        if spec.get("unrecordable"):
            notes.append(f"{spec['name']}: {spec['unrecordable']}")
            continue
        fn = find_jit_function(module, spec["name"])
        if fn is None:
            notes.append(f"{spec['name']}: not a @triton.jit function at module or class level")
            continue
        try:
            src = make_source(fn, spec)
        except Exception as e:  # our spec could not be expressed for this triton version: not the candidate's fault
            notes.append(f"{spec['name']}: cannot build ASTSource ({type(e).__name__}: {e})"[:300])
            continue
        try:
            triton.compile(src, target=target)
        except Exception as e:
            msg = " ".join(str(e).split())
            return {"compiled": compiled, "notes": notes,
                    "error": f"kernel {spec['name']} does not compile for sm_{arch}: {type(e).__name__}: {msg}"[:500]}
        compiled += 1
    return {"compiled": compiled, "notes": notes, "error": None}
