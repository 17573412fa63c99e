"""Compiler hints under Triton's CPU interpreter (sandbox worker processes, TRITON_INTERPRET=1 only).

`tl.multiple_of`, `tl.max_contiguous`, `tl.max_constancy` are claims the GPU compiler vectorises on and the
interpreter ignores. interpreter_races.py checks each on the values it annotates (`hint_holds`) when the
interpreter sets the attribute, and counts a false one (the `false_hint` violation): on a GPU it makes wide,
misaligned accesses."""
from __future__ import annotations

import numpy as np

HINT_KEYS = ("tt.divisibility", "tt.contiguity", "tt.constancy")


def pointee_bytes(handle) -> int:
    """Bytes per element a pointer tensor points at (contiguity of pointers counts elements); 1 otherwise."""
    try:
        if not handle.dtype.is_ptr():
            return 1
        return max(1, int(handle.get_element_ty().primitive_bitwidth) // 8)
    except (AttributeError, TypeError, ValueError):
        return 1


def _along(x: np.ndarray, dim: int) -> np.ndarray:
    """`x` as rows along `dim` (one row per position of the other dims)."""
    return np.moveaxis(x, dim, -1).reshape(-1, x.shape[dim])


def hint_holds(data: np.ndarray, key: str, values: list[int], element_bytes: int = 1) -> bool:
    """Is a compiler hint true of the values it annotates? `tt.divisibility` (multiple_of): each run of
    consecutive values along a dim starts at a multiple of the hint (a scalar is that multiple);
    `tt.contiguity` (max_contiguous): aligned chunks of the hint's length hold consecutive values (pointers:
    consecutive elements); `tt.constancy` (max_constancy): such chunks hold one value."""
    x = np.asarray(data)
    if x.dtype.kind not in "iub":
        return True  # hints on floats mean nothing to the compiler
    x = x.astype(np.int64) if x.dtype.kind != "u" else x.astype(np.uint64)
    if x.ndim == 0:
        v = int(values[0]) if values else 1
        return key != "tt.divisibility" or v <= 1 or int(x) % v == 0
    step = max(element_bytes, 1)
    for dim, v in enumerate(values[: x.ndim]):
        v = int(v)
        if v <= 1 or x.shape[dim] == 0:
            continue
        rows = _along(x, dim)
        if key == "tt.divisibility":
            d = np.diff(rows, axis=1).astype(np.int64)
            starts = np.ones(rows.shape, dtype=bool)
            starts[:, 1:] = d != step
            if (rows[starts] % np.uint64(v) if rows.dtype.kind == "u" else rows[starts] % v).any():
                return False
        else:
            n = rows.shape[1]
            chunk = min(v, n)
            usable = n - n % chunk
            c = rows[:, :usable].reshape(rows.shape[0], -1, chunk)
            d = np.diff(c, axis=2).astype(np.int64)
            want = step if key == "tt.contiguity" else 0
            if (d != want).any():
                return False
    return True
