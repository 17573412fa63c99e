"""libdevice under Triton's interpreter (CPU mode), so honest kernels that use it can be checked there.

Kernels often call `libdevice.tanh`/`erf`/`pow`/... (`triton.language.extra.libdevice` or
`...extra.cuda.libdevice`): GELU, Mish and Softplus have no `tl.` function. The interpreter cannot run them
(the generic stubs return None; the CUDA ones need an extern-call builder it lacks), so every such kernel
would fail on a CPU. Here each function we know is replaced, in the candidate's sandbox process only and
before the candidate is imported, by the same math in numpy on the interpreter's arrays. Compiling for the
GPU is untouched: the compile stage still builds the real libdevice calls (and fails where CUDA would,
e.g. on fp16 arguments).
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from tritonrl.verifier_workers.sandbox.worker.interpreter_arith import fused_fma

MODES = ("_rz", "_rd", "_ru")  # libdevice's directed rounding suffixes (`_rn` is numpy's own rounding)


def _sum_error(a, b):
    """The exact rounding error of the float64 a + b (Knuth's two-sum)."""
    s = a + b
    bb = s - a
    return (a - (s - bb)) + (b - bb)


# base name -> the exact residual (true value - float64 result) where float64 is not exact
_RESIDUALS: dict[str, Callable] = {"add": _sum_error, "sub": lambda a, b: _sum_error(a, -np.asarray(b))}


def round_directed(v: np.ndarray, mode: str, residual=0.0) -> np.ndarray:
    """The fp32 value of `v + residual` (v float64) rounded toward zero (`_rz`), down (`_rd`) or up (`_ru`)."""
    v = np.asarray(v, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        r = v.astype(np.float32)
        above = (r.astype(np.float64) - v) - residual  # > 0: the nearest fp32 lies above the exact value
        if mode == "_rd":
            move = above > 0
            target = -np.inf
        elif mode == "_ru":
            move = above < 0
            target = np.inf
        else:
            move = ((above > 0) & (v > 0)) | ((above < 0) & (v < 0))
            target = 0.0
        return np.where(move, np.nextafter(r, np.float32(target)), r).astype(np.float32)


def _c_round(x):  # C's round(): halves away from zero (numpy rounds them to even)
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


def _vec(f: Callable[[float], float], domain_error: float = math.nan) -> Callable:
    """`f` per element; where Python's math raises (a pole, an overflow) the C function returns a value."""
    def safe(*a):
        try:
            return f(*a)
        except ValueError:  # math domain error: C returns NaN, or inf at lgamma's poles
            return domain_error
        except OverflowError:
            return math.inf

    return np.vectorize(safe, otypes=[np.float64])


def _remainder(x, y):
    """C remainder(): x - y*n, n = x/y rounded half to even (result in [-|y|/2, |y|/2]); NaN for y = 0 or x
    infinite (math.remainder raises there). Not numpy's remainder, which floors (Python's %)."""
    return _vec(math.remainder)(x, y)


def _logb(x):
    """C logb(): the unbiased exponent, exactly (log2 can round up just below a power of two)."""
    x = np.asarray(x, dtype=np.float64)
    _, e = np.frexp(x)
    out = (e - 1).astype(np.float64)
    out = np.where(x == 0, -np.inf, out)
    return np.where(np.isinf(x), np.inf, np.where(np.isnan(x), np.nan, out))


def _saturate(x):
    """CUDA's __saturatef: clamp to [0, 1], NaN becomes 0."""
    x = np.asarray(x, dtype=np.float64)
    return np.where(np.isnan(x), 0.0, np.clip(x, 0.0, 1.0))


def _torch(name: str) -> Callable:
    """A torch.special function on float64 arrays (numpy has no erfinv or Bessel functions)."""
    def f(x):
        import torch

        return getattr(torch.special, name)(torch.from_numpy(np.asarray(x, dtype=np.float64))).numpy()

    f.__name__ = name
    return f


_erfinv = _torch("erfinv")

# libdevice base name -> numpy function on float64 arrays, with CUDA libdevice's (C99's) semantics: fmod truncates,
# remainder rounds the quotient half to even, round takes halves away from zero, rint/nearbyint to even,
# fmin/fmax ignore a NaN operand, saturate sends NaN to 0
UNARY: dict[str, Callable] = {
    "exp": np.exp, "exp2": np.exp2, "exp10": lambda x: np.power(10.0, x), "expm1": np.expm1,
    "log": np.log, "log2": np.log2, "log10": np.log10, "log1p": np.log1p,
    "sqrt": np.sqrt, "rsqrt": lambda x: 1.0 / np.sqrt(x), "cbrt": np.cbrt, "rcbrt": lambda x: 1.0 / np.cbrt(x),
    "rcp": lambda x: 1.0 / x, "sin": np.sin, "cos": np.cos, "tan": np.tan, "asin": np.arcsin,
    "acos": np.arccos, "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh,
    "asinh": np.arcsinh, "acosh": np.arccosh, "atanh": np.arctanh, "erf": _vec(math.erf),
    "erfc": _vec(math.erfc), "lgamma": _vec(math.lgamma, math.inf), "tgamma": _vec(math.gamma),
    "floor": np.floor, "ceil": np.ceil, "trunc": np.trunc, "round": _c_round, "rint": np.rint,
    "nearbyint": np.rint, "abs": np.abs, "fabs": np.abs, "saturate": _saturate,
    "sigmoid": lambda x: 1.0 / (1.0 + np.exp(-x)), "sinpi": lambda x: np.sin(np.pi * x),
    "cospi": lambda x: np.cos(np.pi * x), "normcdf": _vec(lambda x: 0.5 * math.erfc(-x / math.sqrt(2.0))),
    "erfinv": _erfinv, "erfcinv": lambda x: _erfinv(1.0 - np.asarray(x)),
    "normcdfinv": lambda x: math.sqrt(2.0) * _erfinv(2.0 * np.asarray(x) - 1.0), "erfcx": _torch("erfcx"),
    "logb": _logb, "j0": _torch("bessel_j0"), "j1": _torch("bessel_j1"),
    "y0": _torch("bessel_y0"), "y1": _torch("bessel_y1"), "cyl_bessel_i0": _torch("i0"),
    "cyl_bessel_i1": _torch("i1"), "i0": _torch("i0"), "i1": _torch("i1"),
}
BINARY: dict[str, Callable] = {
    "pow": np.power, "powi": np.power, "fmod": np.fmod, "remainder": _remainder, "atan2": np.arctan2,
    "hypot": np.hypot, "copysign": np.copysign, "fmin": np.fmin, "fmax": np.fmax,
    "fdim": lambda x, y: np.maximum(x - y, 0.0), "div": np.divide, "fdiv": np.divide, "divide": np.divide, "add": np.add,
    "sub": np.subtract, "mul": np.multiply, "nextafter": np.nextafter,
    "rhypot": lambda x, y: 1.0 / np.hypot(x, y), "ldexp": lambda x, y: np.ldexp(x, np.asarray(y).astype(np.int64)),
}
TERNARY: dict[str, Callable] = {"fma": fused_fma}  # one rounding, as the GPU's fma.rn (interpreter_arith.py)
# float -> 64-bit integer rounding (libdevice's llrint & co. return long long)
INTEGER: dict[str, Callable] = {"llrint": np.rint, "lrint": np.rint, "llround": _c_round, "lround": _c_round}
PREDICATES: dict[str, Callable] = {"isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite,
                                   "isfinited": np.isfinite, "finite": np.isfinite, "signbit": np.signbit}


def base_name(name: str) -> str:
    """libdevice spells one function several ways: fast_expf, expf, div_rn, sqrt_rz, saturatef, fabs ..."""
    known = {**UNARY, **BINARY, **TERNARY, **PREDICATES, **INTEGER}
    name = name.removeprefix("fast_")
    for suffix in ("_rn", "_rz", "_rd", "_ru"):
        name = name.removesuffix(suffix)
    if name not in known and name.endswith("f") and name[:-1] in known:
        name = name[:-1]  # expf, tanhf, saturatef
    if name not in known and name.startswith("f") and name[1:] in known:
        name = name[1:]  # fabs, fsqrt_rn, fdiv_rn (fdiv is known too)
    return name


def _lift(fn: Callable, predicate: bool, integer: bool = False, mode: str | None = None,
          residual: Callable | None = None) -> Callable:
    """A libdevice-shaped function computing `fn` in numpy on the interpreter's tensors; `mode`: a directed
    rounding suffix of MODES for an fp32 result, `residual` its exact error where float64 is not exact."""
    import triton.language as tl
    from triton.runtime.interpreter import TensorHandle

    def call(*args, _semantic=None, _builder=None, **_):
        tensors = [a for a in args if isinstance(a, tl.tensor)]
        if not tensors:  # plain Python numbers (a constexpr expression)
            return fn(*args)
        floats = [t for t in tensors if t.dtype.is_floating()]
        half = [t.dtype for t in floats if t.dtype.primitive_bitwidth < 32]
        if half:  # as on the GPU, where libdevice has fp32 and fp64 versions only (the compile fails there)
            raise TypeError(f"libdevice.{call.__name__} takes fp32 or fp64 arguments, not {half[0]}")
        like = floats[0] if floats else tensors[0]  # the result takes the (first) float argument's type
        operands = [np.asarray(a.handle.data, dtype=np.float64) if isinstance(a, tl.tensor) else a for a in args]
        out = np.asarray(fn(*operands))
        shaped = next((t for t in tensors if np.shape(t.handle.data) == out.shape), like)
        if predicate:
            dtype, data = tl.int1, out.astype(np.bool_)
        elif integer:
            dtype, data = tl.int64, out.astype(np.int64)
        elif mode is not None and like.handle.data.dtype == np.float32:
            err = residual(*operands) if residual is not None else 0.0
            dtype, data = like.dtype, round_directed(out, mode, err)
        else:
            dtype, data = like.dtype, out.astype(like.handle.data.dtype)
        ty = shaped.type.with_element_ty(dtype) if shaped.type.is_block() else dtype
        return tl.tensor(TensorHandle(data, dtype), ty)

    call.__name__ = getattr(fn, "__name__", "libdevice")
    return call


def install() -> list[str]:
    """Replace what we know of both libdevice modules; returns the names replaced (for the record)."""
    import importlib

    replaced = []
    for modname in ("triton.language.extra.libdevice", "triton.language.extra.cuda.libdevice"):
        try:
            mod = importlib.import_module(modname)
        except Exception:
            continue
        for name in [n for n in vars(mod) if not n.startswith("_") and callable(getattr(mod, n))]:
            base = base_name(name)
            for table, predicate in ((UNARY, False), (BINARY, False), (TERNARY, False), (PREDICATES, True),
                                     (INTEGER, False)):
                if base in table:
                    mode = next((m for m in MODES if name.endswith(m)), None)
                    lifted = _lift(table[base], predicate, table is INTEGER, mode, _RESIDUALS.get(base))
                    lifted.__name__ = name
                    setattr(mod, name, lifted)
                    replaced.append(f"{modname}.{name}")
                    break
    return replaced
