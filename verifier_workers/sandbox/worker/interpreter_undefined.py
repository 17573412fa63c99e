"""Values a GPU leaves undefined, poisoned under Triton's CPU interpreter (sandbox workers, TRITON_INTERPRET=1).

Contract: `install()` (called by triton_shims before launches.py wraps the same builder methods for bounds and
races) patches the interpreter's builder so that every value Triton leaves undefined on a GPU reads a *poison*
here instead of the defined value numpy gives:
  * integer division and remainder by zero (`//`, `%`, `tl.cdiv` in a kernel: create_idiv/sdiv/udiv/srem/urem):
    PTX leaves the result unspecified, numpy gives 0 (red-team round 7, R7A_05: `offs // GROUP` with GROUP == 0
    added 0 here, -1 or garbage on a GPU). The lanes whose divisor is 0 take the poison; the others are computed
    as before. Integer `/` in Triton is a float division (IEEE: inf/NaN, defined on both) and is left alone;
  * `tl.load` with a mask and no `other` (and a block-pointer load with `boundary_check` and no
    `padding_option`, which Triton documents as "an undefined value"): the masked-off lanes took 0 here
    (R7A_07 summed a padded row loaded that way);
  * the value a masked `tl.atomic_*` returns in its masked-off lanes.
Poison is drawn per lane from a generator seeded per worker process (unpublished): floats are NaN, +max/4 or
-max/4 of their dtype at random (NaN alone would be dropped by a GPU `max`, one sign alone by a `max` or `min`),
integers uniform over their whole range, bools random. A kernel that discards such lanes (stores with the same
mask, `tl.where(mask, x, 0)`, multiplies by an integer 0) is unaffected; one whose output depends on them
computes a wrong answer, as it may on a GPU. This is a poison, not a violation: an honest kernel may divide by
zero in lanes it later masks off (a divisor loaded with `other=0`), which is fine on a GPU too.
A patch that does not fit the installed Triton is skipped (the interpreter's own values then stay).
"""
from __future__ import annotations

import logging
import secrets

import numpy as np

log = logging.getLogger(__name__)

_RNG = np.random.default_rng(secrets.randbits(64))  # per worker process: unpublished


def poison(shape: tuple, dtype) -> np.ndarray:
    """An array of `shape` of values a GPU may hold where Triton leaves a value undefined."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        big = float(np.finfo(dtype).max) / 4
        return np.array([np.nan, big, -big], dtype=dtype)[_RNG.integers(0, 3, size=shape)]
    if dtype.kind == "b":
        return _RNG.integers(0, 2, size=shape).astype(bool)
    if dtype.kind in "iu":  # also bf16/fp8, which the interpreter holds as raw bits: random bit patterns
        info = np.iinfo(dtype)
        return _RNG.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    return np.zeros(shape, dtype=dtype)


def poisoned(data: np.ndarray, undefined: np.ndarray) -> np.ndarray:
    """`data` with the lanes where `undefined` is true replaced by poison (a new, writable array)."""
    data = np.asarray(data)
    undefined = np.broadcast_to(np.asarray(undefined, dtype=bool), data.shape)
    if not undefined.any():
        return data
    return np.where(undefined, poison(data.shape, data.dtype), data)


def _masked_off(mask, shape: tuple) -> np.ndarray | None:
    """The lanes a mask turns off (None where there is no mask)."""
    if mask is None:
        return None
    return ~np.broadcast_to(np.asarray(mask.data, dtype=bool), shape)


def _install_division(b, TensorHandle) -> list[str]:
    """Integer division and remainder: a zero divisor gives poison in its lanes."""
    patched = []

    def wrap(original):
        def create(self, lhs, rhs):
            divisor = np.asarray(rhs.data)
            if divisor.dtype.kind not in "iu" or not (divisor == 0).any():
                return original(self, lhs, rhs)
            zero = divisor == 0
            out = original(self, lhs, TensorHandle(np.where(zero, 1, divisor).astype(divisor.dtype), rhs.dtype))
            return TensorHandle(poisoned(out.data, zero), out.dtype)

        return create

    for name in ("create_idiv", "create_sdiv", "create_udiv", "create_srem", "create_urem"):
        if callable(getattr(b, name, None)):
            setattr(b, name, wrap(getattr(b, name)))
            patched.append(name)
    return patched


def _install_loads(b, TensorHandle) -> list[str]:
    """Masked loads without `other` and the masked-off lanes of atomics: poison there."""
    patched = []
    load, rmw = getattr(b, "create_masked_load", None), getattr(b, "create_atomic_rmw", None)
    if callable(load):
        def create_masked_load(self, ptrs, mask, other, *args, **kwargs):
            ret = load(self, ptrs, mask, other, *args, **kwargs)
            off = _masked_off(mask, np.shape(ret.data)) if other is None else None
            if off is None or not off.any():
                return ret
            return TensorHandle(poisoned(ret.data, off), ret.dtype)

        b.create_masked_load = create_masked_load
        patched.append("create_masked_load")
    if callable(rmw):
        def create_atomic_rmw(self, op, ptr, val, mask, *args, **kwargs):
            ret = rmw(self, op, ptr, val, mask, *args, **kwargs)
            off = _masked_off(mask, np.shape(ret.data))
            if off is None or not off.any():
                return ret
            return TensorHandle(poisoned(ret.data, off), ret.dtype)

        b.create_atomic_rmw = create_atomic_rmw
        patched.append("create_atomic_rmw")
    return patched


def install() -> list[str]:
    """Patch the interpreter's builder; returns the names of the methods patched."""
    from triton.runtime.interpreter import InterpreterBuilder, TensorHandle

    names = _install_division(InterpreterBuilder, TensorHandle) + _install_loads(InterpreterBuilder, TensorHandle)
    log.debug("undefined values poisoned in %s", names)
    return names
