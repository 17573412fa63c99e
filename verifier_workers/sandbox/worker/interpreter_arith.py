"""GPU arithmetic semantics for Triton's CPU interpreter (sandbox worker processes, TRITON_INTERPRET=1 only).

The interpreter computes with numpy, whose semantics differ from the GPU's in places a kernel can lean on to
be right only on a CPU (red-team round 5). Installed by triton_shims before any candidate exists, this makes
the interpreter compute what a GPU computes:
  * float -> integer casts (`.to(tl.int32)`, `.to(tl.uint32)`, ...) saturate like PTX `cvt.rzi`: out-of-range
    values clamp to the destination's range and NaN becomes 0 (numpy wraps them: a negative float cast to
    uint32 lands at >= 2**31, a sign test a GPU never passes);
  * `tl.maximum`/`tl.minimum` (and `tl.clamp`) with the default `propagate_nan=NONE` drop a NaN operand like
    the GPU's `max.f32`/`min.f32` (numpy's `maximum` keeps it); `PropagateNan.ALL` keeps it;
  * `tl.reduce` and `tl.associative_scan` with a combine function of the kernel's own combine in a tree, as a
    GPU does (pairs of neighbours, then pairs of pairs; a scan in Hillis-Steele steps), never as the
    interpreter's one-element-at-a-time left fold: a non-associative combine that a left fold makes right
    (`acc + relu(b)` with a zero seed first) computes what it computes on a GPU. Operand order is kept (the
    left operand holds the lower indices), so an associative combine, commutative or not, is still right;
  * `tl.fma` (and libdevice's `fma`) rounds once, like the GPU's `fma.rn`: numpy computed `x * y + z` with
    the product rounded first, so `fma(p, p, -(p * p))` was exactly 0 only on a CPU, an interpreter detector
    (red-team round 6, R6B_02). fp32/fp16 compute in float64 (the product is exact there) and round once
    more; fp64 uses error-free transformations (Dekker's product, Knuth's sum);
  * a float multiply whose result is added or subtracted directly (`a * b + c`, `a * b - r`) is contracted
    into one fma, as Triton's default `enable_fp_fusion` makes the GPU compiler do (even where the product
    has other uses: `r = q * q; q * q - r` is an fma's rounding error on an H200, 0 in numpy). A product
    that passes through another op first (a broadcast, a select, a reduction) stays unfused here.
A patch that does not fit the installed Triton is skipped (the interpreter's own semantics then stay).
"""
from __future__ import annotations

import logging

import numpy as np

log = logging.getLogger(__name__)


def saturating_cast(data: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """`data` (floats) converted to the integer `dtype` as PTX cvt.rzi does: toward zero, clamped to the
    range, NaN to 0."""
    dtype = np.dtype(dtype)
    info = np.iinfo(dtype)
    x = np.asarray(data, dtype=np.float64)
    # float(info.max) rounds up to a power of two for 64-bit types: `>=` still marks exactly the values above
    high, low, nan = x >= float(info.max), x <= float(info.min), np.isnan(x)
    out = np.trunc(np.where(high | low | nan, 0.0, x)).astype(dtype)
    out = np.where(high, dtype.type(info.max), out)
    return np.where(low, dtype.type(info.min), out).astype(dtype)


def _two_product(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a * b as p + e exactly (Dekker's split into 26-bit halves; float64)."""
    p = a * b
    split = 134217729.0  # 2**27 + 1
    ca, cb = split * a, split * b
    ah, bh = ca - (ca - a), cb - (cb - b)
    al, bl = a - ah, b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def _two_sum(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a + b as s + e exactly (Knuth)."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def fused_fma(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """`x * y + z` with one rounding, in the operands' float dtype, as a GPU's fma.rn computes it."""
    dtype = np.result_type(x, y, z)
    with np.errstate(all="ignore"):
        if dtype.itemsize < 8:  # the float64 product of two fp32/fp16 values is exact
            return (np.asarray(x, np.float64) * np.asarray(y, np.float64) + np.asarray(z, np.float64)).astype(dtype)
        x, y, z = (np.asarray(a, np.float64) for a in (x, y, z))
        p, e = _two_product(x, y)
        s, t = _two_sum(p, z)
        out = s + (e + t)
        return np.where(np.isfinite(out), out, x * y + z)  # overflow in the split: the plain result


_FACTORS = "contract_factors"  # on a TensorHandle made by a float multiply: its two operands' arrays


def _float(*handles) -> bool:
    return all(np.asarray(h.data).dtype.kind == "f" for h in handles)  # bf16/fp8 are raw bits: not floats here


def _contracted(lhs, rhs, sign: float):
    """`lhs + sign * rhs` fused with a multiply that made either operand, as the GPU's fp contraction does
    (the left one first); None when neither is a product."""
    for prod, other, s_prod, s_other in ((lhs, rhs, 1.0, sign), (rhs, lhs, sign, 1.0)):
        factors = getattr(prod, _FACTORS, None)
        if factors is not None:
            a, b = factors
            c = other.data if s_other > 0 else -other.data
            return fused_fma(a if s_prod > 0 else -a, b, c).astype(np.asarray(prod.data).dtype, copy=False)
    return None


def _install_contraction(b, TensorHandle) -> None:
    fmul, fadd, fsub = b.create_fmul, b.create_fadd, b.create_fsub

    def create_fmul(self, lhs, rhs):
        out = fmul(self, lhs, rhs)
        if _float(lhs, rhs, out) and np.shape(out.data) == np.broadcast_shapes(np.shape(lhs.data), np.shape(rhs.data)):
            setattr(out, _FACTORS, (lhs.data, rhs.data))
        return out

    def add_or_sub(original, sign):
        def create(self, lhs, rhs):
            fused = _contracted(lhs, rhs, sign) if _float(lhs, rhs) else None
            if fused is None or np.shape(fused) != np.broadcast_shapes(np.shape(lhs.data), np.shape(rhs.data)):
                return original(self, lhs, rhs)
            return TensorHandle(fused, lhs.dtype.scalar)

        return create

    b.create_fmul, b.create_fadd, b.create_fsub = create_fmul, add_or_sub(fadd, 1.0), add_or_sub(fsub, -1.0)


def clamp(x: np.ndarray, lo: np.ndarray, hi: np.ndarray, propagate_nan) -> np.ndarray:
    """`tl.clamp`: `min(max(x, lo), hi)` with the GPU's NaN rule for `propagate_nan` (ALL keeps NaN)."""
    if "ALL" in str(propagate_nan).upper():
        return np.minimum(np.maximum(x, lo), hi)
    return np.fmin(np.fmax(x, lo), hi)


def tree_reduce(columns: list[np.ndarray], combine) -> list[np.ndarray]:
    """Reduce the last axis of each of `columns` (one array per operand of a tuple reduction) in a tree:
    neighbours (0,1), (2,3), ... combined, then their results, until one is left; an odd last element is
    carried up unchanged. `combine(lefts, rights)` maps lists of equal-shaped arrays to a list."""
    while columns[0].shape[-1] > 1:
        n = columns[0].shape[-1]
        even = n - n % 2
        merged = combine([c[..., 0:even:2] for c in columns], [c[..., 1:even:2] for c in columns])
        columns = [np.concatenate([m, c[..., even:]], axis=-1) for m, c in zip(merged, columns)]
    return [c[..., 0] for c in columns]


def tree_scan(columns: list[np.ndarray], combine) -> list[np.ndarray]:
    """Inclusive scan along the last axis in Hillis-Steele steps (element i combines with i - d for d = 1, 2,
    4, ...), the earlier elements the left operand."""
    n, d = columns[0].shape[-1], 1
    columns = [c.copy() for c in columns]
    while d < n:
        merged = combine([c[..., : n - d] for c in columns], [c[..., d:] for c in columns])
        for c, m in zip(columns, merged):
            c[..., d:] = m
        d *= 2
    return columns


def _combiner(op, dtypes: list):
    """`combine(lefts, rights)` calling the kernel's combine function on whole tiles (it is elementwise);
    a function that cannot take tiles (Python control flow on a value) is called element by element, in
    the same order."""
    import triton.language as tl

    def call(lefts, rights):
        args = [op.to_tensor(np.ascontiguousarray(a), t) for a, t in zip(lefts + rights, dtypes + dtypes)]
        ret = op.combine_fn.fn(*args)
        ret = ret if isinstance(ret, tuple) else (ret,)
        shape = lefts[0].shape
        return [np.broadcast_to(np.asarray(r.handle.data if isinstance(r, tl.core.tensor) else r), shape)
                .astype(a.dtype) for r, a in zip(ret, lefts)]

    def combine(lefts, rights):
        try:
            return call(lefts, rights)
        except Exception:  # noqa: BLE001 - e.g. `if a > b:` on a tile: the same tree, one element at a time
            out = [np.empty_like(a) for a in lefts]
            for i in np.ndindex(lefts[0].shape):
                r = call([a[i].reshape(1) for a in lefts], [b[i].reshape(1) for b in rights])
                for o, v in zip(out, r):
                    o[i] = v.reshape(-1)[0]
            return out

    return combine


def _generic_reduce(self, input):
    """ReduceOps.generic_reduce in tree order (see `tree_reduce`)."""
    original_axis = self.axis
    input, axis = self.unravel(input, self.axis)
    dtypes = [arg.dtype for arg in input]
    columns = [np.moveaxis(np.asarray(arg.handle.data), axis, -1) for arg in input]
    out = tree_reduce(columns, _combiner(self, dtypes))
    ret = []
    for data, arg in zip(out, input):
        if self.keep_dims:
            data = np.expand_dims(data, axis) if original_axis is not None else data.reshape((1,) * arg.handle.data.ndim)
        elif original_axis is None:
            data = data.item()
        ret.append(self.to_tensor(data, arg.dtype))
    return ret


def _generic_scan(self, input):
    """ScanOps.generic_scan in tree order (see `tree_scan`)."""
    dtypes = [arg.dtype for arg in input]
    columns = [np.moveaxis(np.asarray(arg.handle.data), self.axis, -1) for arg in input]
    out = tree_scan(columns, _combiner(self, dtypes))
    return [self.to_tensor(np.moveaxis(data, -1, self.axis), arg.dtype) for data, arg in zip(out, input)]


def install() -> list:
    """Patch the interpreter's builder and reduce/scan ops; returns what was patched."""
    from triton.runtime import interpreter
    from triton.runtime.interpreter import InterpreterBuilder, TensorHandle

    b = InterpreterBuilder
    patched = []
    fp_to_si, fp_to_ui = b.create_fp_to_si, b.create_fp_to_ui

    def to_int(original):
        def cast(self, src, dst_type):
            if np.asarray(src.data).dtype.kind != "f":  # bf16/fp8 are held as raw bits: left to the interpreter
                return original(self, src, dst_type)
            np_dtype = interpreter._get_np_dtype(dst_type)
            return TensorHandle(saturating_cast(src.data, np_dtype), dst_type.scalar)

        return cast

    b.create_fp_to_si, b.create_fp_to_ui = to_int(fp_to_si), to_int(fp_to_ui)
    b.create_maxnumf = lambda self, lhs, rhs: self.binary_op(lhs, rhs, np.fmax)
    b.create_minnumf = lambda self, lhs, rhs: self.binary_op(lhs, rhs, np.fmin)
    b.create_clampf = lambda self, arg, lo, hi, propagate_nans: self.ternary_op(
        arg, lo, hi, lambda x, l, h: clamp(x, l, h, propagate_nans))
    fma = b.create_fma

    def create_fma(self, x, y, z):
        if not all(np.asarray(a.data).dtype.kind == "f" for a in (x, y, z)):  # bf16/fp8 raw bits, integers
            return fma(self, x, y, z)
        return TensorHandle(fused_fma(x.data, y.data, z.data), z.dtype.scalar)

    b.create_fma = create_fma
    _install_contraction(b, TensorHandle)
    patched.append(b)
    if callable(getattr(interpreter.ReduceOps, "generic_reduce", None)):
        interpreter.ReduceOps.generic_reduce = _generic_reduce
        patched.append(interpreter.ReduceOps)
    if callable(getattr(interpreter.ScanOps, "generic_scan", None)):
        interpreter.ScanOps.generic_scan = _generic_scan
        patched.append(interpreter.ScanOps)
    return patched
