"""CAS locks under Triton's CPU interpreter (sandbox worker processes, TRITON_INTERPRET=1 only).

The interpreter runs a launch's programs one at a time, so a lock taken by one `tl.atomic_cas` is always
free: a kernel whose "lock" is a single CAS with no retry (the loser on a GPU silently skips its update) is
right only here. `contended_cas` (called by interpreter_races' CAS hook) makes a program's first
CONTENDED_TRIES CASes at an address another program of the launch took fail, as they may on a GPU while the
other holds it; a spinlock retries and gets it. Not only the first: a "lock" that tries a few times and then
updates anyway loses updates on a GPU (round 8, R8B_02: two tries; a GPU holder keeps a lock for thousands of
cycles, longer than a handful of tries).

Cost: a spinlock spins CONTENDED_TRIES + 1 times per program under the interpreter."""
from __future__ import annotations

import numpy as np

CONTENDED_TRIES = 32  # CASes a program makes in vain at an address another program took


class LockContention:
    """Addresses CAS'd in this launch: which program last swapped a new value in at each, and which the
    running program has CAS'd."""

    def __init__(self):
        self.program = 0
        self.taken: dict[int, int] = {}  # element address -> program whose CAS swapped a new value in there
        self.tried: dict[int, int] = {}  # element address -> CASes the running program made there

    def next_program(self) -> None:
        self.program += 1
        self.tried = {}

    def contended(self, addrs: np.ndarray) -> np.ndarray:
        """Which element addresses another program of the launch took by a CAS and this program has CAS'd
        fewer than CONTENDED_TRIES times: on a GPU that program may still hold them, so this CAS may fail."""
        return np.array([self.taken.get(a, self.program) != self.program and self.tried.get(a, 0) < CONTENDED_TRIES
                         for a in addrs.tolist()], dtype=bool)

    def done(self, addrs: np.ndarray, swapped: np.ndarray) -> None:
        """A CAS's element addresses, and which of them it swapped a new value into."""
        for a, took in zip(addrs.tolist(), swapped.tolist()):
            self.tried[a] = self.tried.get(a, 0) + 1
            if took:
                self.taken[a] = self.program


def contended_cas(builder, atomic_cas, masked_load, args: tuple, kwargs: dict, state: LockContention):
    """An atomic_cas as a GPU may see it. Programs run one at a time here, so every CAS on a lock finds it
    free; on a GPU another program may hold it. So a program's first CASes at an address that an earlier
    program of the launch took by a CAS (swapped a new value in) fails where it would have succeeded: it
    swaps nothing and returns the value it would have swapped in (what the holder wrote). A spinlock retries
    and gets it; a one-shot "lock" drops its work, as on a GPU. A flag set once (never released) fails
    anyway; a CAS retry loop retries once more."""
    from triton.runtime.interpreter import TensorHandle
    import triton.language as tl

    try:
        ptr = args[0] if args else kwargs["ptr"]
        cmp = args[1] if len(args) > 1 else kwargs["cmp"]
        val = args[2] if len(args) > 2 else kwargs["val"]
        shape = np.shape(ptr.data)
        elems = np.asarray(ptr.data, dtype=np.uint64).ravel()
        fail = state.contended(elems)
        cmp_d = np.broadcast_to(np.asarray(cmp.data), shape).ravel()
        val_d = np.broadcast_to(np.asarray(val.data), shape).ravel()
    except (KeyError, AttributeError, IndexError, TypeError, ValueError):
        return atomic_cas(builder, *args, **kwargs)  # an unknown layout: the interpreter's own CAS
    if fail.any():
        ones = TensorHandle(np.ones(shape, dtype=bool), tl.int1)
        current = np.asarray(masked_load(builder, ptr, ones, None, None, None, False).data).ravel()
        fail &= (current == cmp_d) & (val_d != cmp_d)  # it would swap a new value in: held instead
    if not fail.any():
        old = atomic_cas(builder, *args, **kwargs)
    else:
        out = val_d.astype(np.asarray(cmp.data).dtype, copy=True)
        keep = ~fail
        if keep.any():  # the other elements swap as usual
            sub = atomic_cas(builder, TensorHandle(elems[keep], ptr.dtype), TensorHandle(cmp_d[keep], cmp.dtype),
                             TensorHandle(val_d[keep], val.dtype), *args[3:], **{k: v for k, v in kwargs.items()
                                                                                if k not in ("ptr", "cmp", "val")})
            out[keep] = np.asarray(sub.data).ravel()
        old = TensorHandle(out.reshape(shape), cmp.dtype.scalar)
    got = np.asarray(old.data).ravel()
    state.done(elems, ~fail & (got == cmp_d) & (val_d != cmp_d))
    return old
