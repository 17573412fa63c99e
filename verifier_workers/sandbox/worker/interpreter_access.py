"""Decoding the interpreter builder's memory operands (sandbox worker processes, TRITON_INTERPRET=1 only): a load's,
store's or atomic's active element addresses, their lanes (tile positions), element size and stored values, for
interpreter_races.py. An operand layout this does not know yields no addresses: the access then goes unchecked."""
from __future__ import annotations

import zlib

import numpy as np


def element_bytes(addrs: np.ndarray, itemsize: int) -> np.ndarray:
    """Every byte of the elements at `addrs` (the race rules compare bytes, not start addresses)."""
    a = np.asarray(addrs, dtype=np.uint64).ravel()
    if itemsize <= 1:
        return a
    return (a[:, None] + np.arange(itemsize, dtype=np.uint64)[None, :]).ravel()


def itemsize_of(ptrs) -> int:
    """Bytes per element a pointer tensor points at."""
    try:
        return max(1, int(ptrs.get_element_ty().primitive_bitwidth) // 8)
    except (AttributeError, TypeError, ValueError):
        return 8  # unknown: the widest scalar, so no byte of it goes unchecked


def active_bytes(args: tuple, kwargs: dict, mask_at: int) -> np.ndarray:
    """The active bytes of a masked load (mask second), store (mask third) or atomic (`ptr`, mask third),
    positional or by keyword (the builder's callers use both). An unknown layout yields none: the access
    then goes unchecked."""
    addrs, _, itemsize = active_lanes(args, kwargs, mask_at)
    return element_bytes(addrs, itemsize)


def active_lanes(args: tuple, kwargs: dict, mask_at: int) -> tuple[np.ndarray, np.ndarray, int]:
    """A masked load's or store's active element addresses, their lanes (flat tile positions) and the
    element size; empty when the layout is unknown."""
    try:
        ptrs = args[0] if args else kwargs["ptrs"]
        mask = args[mask_at] if len(args) > mask_at else kwargs.get("mask")
        data = np.asarray(ptrs.data)
        flat = data.ravel()
        active = np.broadcast_to(mask.data, data.shape).ravel() if mask is not None else np.ones(flat.size, bool)
        lanes = np.nonzero(active)[0]
        return flat[lanes].astype(np.uint64), lanes, itemsize_of(ptrs)
    except (KeyError, AttributeError, IndexError, TypeError, ValueError):
        return np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64), 1


def tile_lanes(lanes: np.ndarray, shape: tuple) -> np.ndarray:
    """Lane keys that tell tile positions of differently shaped tiles apart: the flat position and the
    tile's shape (size-1 dims dropped). A GPU spreads a (BLOCK,) tile and an (R, C) tile over its threads
    differently, so element k of one is not held by the thread that holds element k of the other. Element
    0 of every tile, and a scalar, is thread 0's: it keeps one key whatever the shape (a scalar partial
    stored, then read back as element 0 of a tile)."""
    dims = tuple(int(d) for d in shape if int(d) != 1)
    code = zlib.crc32(repr(dims).encode()) & 0x7FFFFFFF
    lanes = np.asarray(lanes, dtype=np.int64)
    return np.where(lanes == 0, lanes, lanes | np.int64(code << 32))


def tile_shape(args: tuple, kwargs: dict) -> tuple:
    try:
        return np.shape((args[0] if args else kwargs["ptrs"]).data)
    except (KeyError, AttributeError, IndexError):
        return ()


def stored_values(args: tuple, kwargs: dict, n: int, lanes: np.ndarray, itemsize: int) -> np.ndarray | None:
    """The stored values of the active lanes as raw bytes (n x itemsize), for an exact comparison."""
    try:
        ptrs = args[0] if args else kwargs["ptrs"]
        value = args[1] if len(args) > 1 else kwargs["value"]
        v = np.broadcast_to(np.asarray(value.data), np.asarray(ptrs.data).shape).ravel()[lanes]
        v = np.ascontiguousarray(v)
        return v.view(np.uint8).reshape(n, -1) if v.size else None
    except (KeyError, AttributeError, IndexError, TypeError, ValueError):
        return None
