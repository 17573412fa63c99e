"""Describe one interpreted Triton launch as a compile spec (recorded by watch.py's interpreter hook,
compiled for a GPU target by compile_check.py in the compile worker).

A spec is {"name", "line", "signature": {arg: "*fp32" | "i32" | ... | "constexpr"}, "constexprs": {arg: json}}.
"line" is a line of the kernel's `def` in the candidate file, so the compile worker finds the very kernel that
ran (also one defined inside a function). A launch that a compiled kernel would refuse gives
{"name", "line", "invalid": why} and the compile stage fails: the interpreter runs any Python object passed to
a kernel (a dict, list, object, slice or bound method can smuggle tensors into the kernel body), a real launch
accepts only tensors, numbers, bools, None, strings, dtypes, descriptors, JIT functions and tuples of them.
"""
from __future__ import annotations

import enum
import inspect
from typing import Any

import torch

_Tensor = torch.Tensor
_SCALARS = (bool, int, float)

_SIG = {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16", torch.float64: "fp64",
        torch.int8: "i8", torch.int16: "i16", torch.int32: "i32", torch.int64: "i64", torch.uint8: "u8",
        torch.bool: "i1"}


def _unwrap(v: Any) -> Any:
    t = type(v)
    if t.__name__ == "constexpr" and t.__module__.startswith("triton."):
        return getattr(v, "value", v)
    if isinstance(v, enum.IntEnum) and t.__int__ is int.__int__:  # an enum member: Triton sees its value
        return int.__int__(v)
    return v


def _triton_kind(v: Any) -> str | None:
    """'dtype', 'jit' or 'descriptor' for Triton's own objects (exact Triton classes, not subclasses a
    candidate defines), else None."""
    t = type(v)
    if not (t.__module__ or "").startswith("triton."):
        return None
    try:
        import triton.language as tl
        from triton.runtime.jit import JITFunction
    except Exception:
        return None
    if isinstance(v, tl.dtype):
        return "dtype"
    if isinstance(v, JITFunction) or t.__name__ == "InterpretedFunction":
        return "jit"
    if t.__name__ in ("TensorDescriptor", "tensor_descriptor"):
        return "descriptor"
    return None


def arg_problem(v: Any, constexpr: bool, depth: int = 0) -> str | None:
    """Why a compiled kernel could not take this argument (a phrase), or None if it can."""
    v = _unwrap(v)
    t = type(v)
    if v is None or t in _SCALARS or t is str or t is torch.dtype:
        return None
    if isinstance(v, _Tensor):
        if t is not _Tensor and t is not torch.nn.Parameter:  # __torch_function__ would run inside the launch
            return f"a tensor subclass {t.__name__}"
        return "a tensor as a tl.constexpr" if constexpr else None
    if t is tuple or t is torch.Size:
        if depth >= 8:
            return "tuples nested too deep"
        return next((p for p in (arg_problem(x, constexpr, depth + 1) for x in v) if p), None)
    kind = _triton_kind(v)
    if kind in ("dtype", "jit"):
        return None
    if kind == "descriptor" and not constexpr:
        # the interpreter reads the base's storage where the compute watch is paused: it must be a real tensor
        base = getattr(v, "base", None)
        if type(base) is not _Tensor and type(base) is not torch.nn.Parameter:
            return f"a tensor descriptor over a {type(base).__name__}, not a tensor"
        for field in ("shape", "strides", "block_shape"):
            dims = getattr(v, field, ())
            if type(dims) not in (list, tuple, torch.Size) or any(type(d) not in (int, bool) for d in dims):
                return f"a tensor descriptor whose {field} is not a list of ints"
        return None
    return f"a {t.__name__}" + (" as a tl.constexpr" if constexpr else "")


def _sig_type(v: Any) -> str | None:
    if isinstance(v, bool):
        return "i1"
    if isinstance(v, int):
        return "i32" if -2**31 <= v < 2**31 else "i64"
    if isinstance(v, float):
        return "fp32"
    if isinstance(v, _Tensor):
        dt = v.dtype
        return "*" + (_SIG[dt] if dt in _SIG else str(dt))
    return None


def _triton_sig_type(v: Any) -> Any:
    """Triton's own name for an argument type (tuples, tensor descriptors); "constexpr" for None."""
    from triton.runtime.jit import mangle_type

    return mangle_type(v)


def constexpr_json(v: Any) -> Any:
    v = _unwrap(v)
    if v is None or type(v) in _SCALARS or type(v) is str:
        return v
    if type(v) is torch.dtype:
        return {"__torch_dtype__": str(v).removeprefix("torch.")}
    if type(v) in (tuple, torch.Size):
        return {"__tuple__": [constexpr_json(x) for x in v]}
    kind = _triton_kind(v)
    if kind == "dtype":
        return {"__tl_dtype__": str(v)}
    if kind == "jit":
        fn = getattr(v, "fn", v)
        return {"__jit__": fn.__name__, "line": fn.__code__.co_firstlineno}
    raise TypeError(f"constexpr of type {type(v).__name__}")


LAUNCH_OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg")  # compiled with (ints)
# launch options the interpreter models (interpreter_ordering.py: a launch_pdl launch overlaps the previous op)
MODELLED_OPTIONS = ("launch_pdl",)


def option_problem(name: str, value: Any) -> str | None:
    """Why a launch keyword that is not a kernel parameter is refused, or None. An allowlist: Triton takes
    any backend option at launch (`ir_override` compiles another IR than the interpreter runs, `extern_libs`
    another libdevice, `default_dot_input_precision`/`max_num_imprecise_acc_default` lower precision,
    `launch_cooperative_grid` co-residency the interpreter never tests), and the interpreter drops them all."""
    if name in LAUNCH_OPTIONS:
        return None if value is None or type(value) is int else f"launch option `{name}` is a {type(value).__name__}"
    if name in MODELLED_OPTIONS:
        return None if type(value) in (bool, int) else f"launch option `{name}` is a {type(value).__name__}"
    allowed = ", ".join(LAUNCH_OPTIONS + MODELLED_OPTIONS)
    return f"launch option `{name}` is not allowed (only {allowed}), or `{name}` is no parameter of the kernel"


def launch_spec(fn, constexprs, args: tuple, kwargs: dict) -> dict:
    """The compile spec of `fn[grid](*args, **kwargs)` (fn: the interpreter's function, constexprs: the names
    of its tl.constexpr parameters)."""
    spec: dict[str, Any] = {"name": getattr(fn, "__name__", "?")}
    # launch options (also what an autotune config sets): compiled with them, they can fail on the GPU
    options = {k: kwargs[k] for k in LAUNCH_OPTIONS if type(kwargs.get(k)) is int}
    if options:
        spec["options"] = options
    try:
        spec["line"] = fn.__code__.co_firstlineno
        sig_obj = inspect.signature(fn)
        for k, v in kwargs.items():
            problem = None if k in sig_obj.parameters else option_problem(k, v)
            if problem:
                return {**spec, "invalid": problem}
        kwargs = {k: v for k, v in kwargs.items() if k in sig_obj.parameters}
        bound = sig_obj.bind(*args, **kwargs)
        bound.apply_defaults()
    except Exception as e:  # the interpreter fails on it too
        return {**spec, "unrecordable": f"{type(e).__name__}: {e}"[:200]}
    sig, consts = {}, {}
    for k, v in bound.arguments.items():
        is_const = k in constexprs
        problem = arg_problem(v, is_const)
        if problem:
            return {**spec, "invalid": f"argument `{k}` passes {problem}"}
        try:
            t = "constexpr" if is_const else (_sig_type(v) or _triton_sig_type(v))
            if t == "constexpr":
                sig[k], consts[k] = "constexpr", constexpr_json(v)
            else:
                sig[k] = t
        except Exception as e:  # e.g. a str or a dtype for a parameter that is not a tl.constexpr
            return {**spec, "invalid": f"argument `{k}` ({type(_unwrap(v)).__name__}): {e}"[:200]}
    return {**spec, "signature": sig, "constexprs": consts}


def launch_extent(fn, constexprs, grid: tuple, args: tuple, kwargs: dict) -> dict | None:
    """What one interpreted launch spanned, for the funnel's past-tile variant (funnel/launch_extents.py):
    {"kernel": "name:line", "grid": [ints], "consts": [the int constexpr values, sorted]}. A tile or a grid
    computed at run time (`int(math.pow(2, 12))`, a fixed `GRID = 512`) has no literal in the source for
    candidate_tiles.py to find, but shows here at every size (R9B_06, R9B_10). None if it cannot be told."""
    try:
        bound = inspect.signature(fn).bind(*args, **{k: v for k, v in kwargs.items()
                                                     if k not in LAUNCH_OPTIONS + MODELLED_OPTIONS})
    except (TypeError, ValueError):
        return None
    bound.apply_defaults()
    consts = sorted({v for k, v in ((k, _unwrap(v)) for k, v in bound.arguments.items() if k in constexprs)
                     if type(v) is int})
    return {"kernel": f"{getattr(fn, '__name__', '?')}:{getattr(getattr(fn, '__code__', None), 'co_firstlineno', 0)}",
            "grid": [int(d) for d in grid], "consts": consts[-8:]}
