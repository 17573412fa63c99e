"""Accesses outside a launch's tensors under the CPU interpreter (installed by launches.py).

Contract: `install(builder, launches)` wraps the interpreter's masked loads, stores and atomics. Each access's
active lanes are checked against the storages of the launch's tensor arguments (`launches.write_ranges`); a
lane outside them is counted (`launches.stray_reads` / `stray_writes`, the first per launch is enough) and
never touches memory: a stray store or atomic lane is dropped, a stray load lane reads nothing and takes the
run's `launches.stray_fill` instead of the worker's heap: 0 where the funnel forgives missing masks (the
tiny stage), else per-lane garbage around that value (the full stage: a GPU reads other memory there). Stores
through tensor descriptors and CAS atomics (no mask to narrow) still run and count as stray.

Why: the tiny stage forgives a wrong answer at shrunken sizes only where it comes from reading outside the
tensors (a kernel without masks, written for the task's sizes). Which output elements depend on such reads is
found by running again with another fill (funnel/verifier.py): an element that does not move was computed from
in-bounds data alone and must be right, whatever else the kernel read (R6C_03 added a discarded stray read to a
row sum that drops each row's tail, so that the whole answer was forgiven). A dropped stray store cannot corrupt
another tensor of the process, so the elements it would have changed are judged as computed; but a GPU
writes other memory there (another tensor, the allocator's next block), so a store or atomic lane at a checked
address outside every tensor is also noted per kernel (`launches.stray_store()`), and a run the funnel makes
strict (every stage but the tiny one and its compile probe) refuses it as `stray_store` (run_op.py; round 9,
R9B_01, R9B_14: kernels with no row mask or no mask at all, right here only because the strays are dropped).
Unknown addresses (descriptor stores, arguments whose storages cannot be read) count as stray writes, for the
worker's restart, but not as a stray store: TMA clips a descriptor's out-of-bounds box on a GPU.
"""
from __future__ import annotations

from typing import Any

from tritonrl.verifier_workers.sandbox.worker.provenance import LAUNCH_WRITES


def _outside(ptrs: Any, mask: Any, itemsize: int, ranges) -> Any:
    """A bool array over the access's lanes: active and outside every argument storage; None when the
    addresses cannot be read (all count as stray, nothing is narrowed)."""
    import numpy as np

    if ptrs is None or ranges is None:  # no addresses, or arguments whose storages could not be read
        return None
    addr = np.asarray(ptrs, dtype=np.uint64)
    active = np.ones(addr.shape, dtype=bool) if mask is None else np.broadcast_to(np.asarray(mask, dtype=bool),
                                                                                  addr.shape)
    inside = np.zeros(addr.shape, dtype=bool)
    for lo, hi in ranges or ():
        inside |= (addr >= lo) & (addr + itemsize <= hi)
    return active & ~inside


def _narrowed(handle_cls, mask, outside):
    """The access's mask without its stray lanes."""
    import numpy as np

    import triton.language as tl

    data = np.broadcast_to(np.asarray(mask.data, dtype=bool), outside.shape) & ~outside
    # a tensor descriptor's materialised mask carries numpy's bool dtype, not Triton's
    dtype = mask.dtype if hasattr(mask.dtype, "primitive_bitwidth") else tl.int1
    return handle_cls(np.ascontiguousarray(data), dtype)


def garbage(fill: float, n: int, dtype) -> Any:
    """What `n` stray lanes read: 0 for a fill of 0, else per-lane values of either sign around the fill's
    magnitude (finite, so a lane read and then discarded by `tl.where` or a zero factor changes nothing), as
    a GPU reads other data there, not one constant a kernel could cancel."""
    import numpy as np

    if not fill:
        return np.zeros(n, dtype=dtype)
    rng = np.random.default_rng(int(fill * 1000) % (2 ** 32))
    vals = fill * rng.choice([-1.0, 1.0], n) * (1.0 + rng.random(n))
    if np.dtype(dtype).kind in "iub":
        return vals.astype(np.int64).astype(dtype)  # wraps, never raises
    return vals.astype(dtype)


def install(builder, launches) -> None:
    """Wrap `builder`'s (InterpreterBuilder's) memory accesses; `launches` is launches.LAUNCHES."""
    from triton.runtime.interpreter import TensorHandle

    def checked(name: str, where, kind: str) -> None:
        original = getattr(builder, name, None)
        if original is None:
            return

        def access(self, *args, _original=original, **kwargs):  # kwargs: cache_modifier, eviction_policy...
            try:
                ptrs, mask_at, item = where(*args)
                mask = args[mask_at] if mask_at is not None else None
                out = _outside(ptrs.data, None if mask is None else mask.data, item, launches.write_ranges)
            except Exception:  # an unexpected operand layout: unchecked, so stray
                out, mask, mask_at = None, None, None
            if kind == "write":  # which argument storages this launch wrote (provenance.py, R8A_10)
                try:
                    LAUNCH_WRITES.record_store(ptrs.data, None if mask is None else mask.data, launches.write_ranges)
                except Exception:
                    LAUNCH_WRITES.unknown()
            stray = out is None or bool(out.any())
            if stray and kind == "read" and not launches.stray_reads:
                launches.stray_reads += 1
            if stray and kind == "write" and not launches.stray_writes:
                launches.stray_writes += 1
            if kind == "write" and out is not None and bool(out.any()):  # an address known to be outside
                launches.stray_store()
            if out is None or not bool(out.any()) or mask_at is None:
                return _original(self, *args, **kwargs)
            args = list(args)
            args[mask_at] = _narrowed(TensorHandle, mask, out)
            ret = _original(self, *args, **kwargs)
            if kind == "read":  # the stray lanes read nothing: they take the run's fill
                import numpy as np

                ret.data[out] = garbage(launches.stray_fill, int(out.sum()), ret.data.dtype)
            return ret

        setattr(builder, name, access)

    def item(h) -> int:
        return max(1, h.get_element_ty().primitive_bitwidth // 8)

    checked("create_masked_load", lambda ptrs, mask, *_: (ptrs, 1, item(ptrs)), "read")
    checked("create_masked_store", lambda ptrs, value, mask, *_: (ptrs, 2, value.data.dtype.itemsize), "write")
    checked("create_atomic_rmw", lambda op, ptr, val, mask, *_: (ptr, 3, val.data.dtype.itemsize), "write")
    checked("create_atomic_cas", lambda ptr, cmp, val, *_: (ptr, None, cmp.data.dtype.itemsize), "write")
    for name in ("create_descriptor_store", "create_descriptor_scatter"):
        checked(name, lambda *_: (None, None, 0), "write")
