"""GPU program-order semantics for the CPU interpreter (sandbox worker processes, TRITON_INTERPRET=1 only).

Triton's interpreter runs a launch's programs one after another, in grid order, so kernels that need atomics
or grid-wide synchronisation compute the right answer on a CPU and garbage on a GPU: read-modify-write
accumulation into one output, a program reading another's output, "the last program finalises". Installed by
launches.py before any candidate exists, this makes such kernels fail on a CPU too:
  * programs run in reversed grid order (`set_grid_idx` maps each index to its mirror): a kernel that
    assumes lower program ids have finished reads memory they have not written yet, and computes wrong;
  * a load of an address that an *earlier* program of the same launch stored with a plain store is a race
    (on a GPU, whether that store is visible is undefined), unless the loading program has already done an
    atomic (an acquire: a lock or a counter, which makes other programs' released writes visible). Each
    launch's race count is read with `take_races()`; launches.py reports it and run_op makes it `race`.
Tracking stops for a launch that stores more than TRACK_LIMIT elements (the corpus's tasks are small; a
bigger launch is only run in reversed order)."""
from __future__ import annotations

import numpy as np

TRACK_LIMIT = 1 << 22  # stored elements per launch beyond which the race check gives up (memory, time)


class RaceTracker:
    """Addresses stored by the programs already run in this launch, as sorted chunks merged geometrically
    (a new chunk is merged into the last while that one is not twice as big): O(N log N) per launch."""

    def __init__(self):
        self.reset()

    def reset(self) -> None:
        self.done: list[np.ndarray] = []  # sorted, unique addresses of finished programs
        self.current: list[np.ndarray] = []  # this program's stores
        self.synced = False  # this program did an atomic before
        self.stored = 0
        self.races = 0

    def next_program(self) -> None:
        if self.current:
            chunk = np.unique(np.concatenate(self.current))
            self.current = []
            while self.done and len(self.done[-1]) <= 2 * len(chunk):
                chunk = np.union1d(self.done.pop(), chunk)
            self.done.append(chunk)
        self.synced = False

    def store(self, addrs: np.ndarray) -> None:
        if self.stored > TRACK_LIMIT:
            return
        self.stored += addrs.size
        if self.stored > TRACK_LIMIT:
            self.done, self.current = [], []
            return
        self.current.append(np.asarray(addrs, dtype=np.uint64).ravel())

    def load(self, addrs: np.ndarray) -> None:
        if self.synced or not self.done or self.stored > TRACK_LIMIT or addrs.size == 0:
            return
        a = np.asarray(addrs, dtype=np.uint64).ravel()
        hit = np.zeros(a.shape, dtype=bool)
        for chunk in self.done:
            hit |= np.isin(a, chunk, assume_unique=False)
        if hit.any() and self.current:  # an address this program wrote itself reads its own store
            hit &= ~np.isin(a, np.concatenate(self.current))
        if hit.any():
            self.races += 1


TRACKER = RaceTracker()


def take_races() -> int:
    """Races found since the last call (one launch), and the tracker reset for the next launch."""
    n = TRACKER.races
    TRACKER.reset()
    return n


def _operand(args: tuple, kwargs: dict, mask_at: int) -> np.ndarray:
    """The active addresses of a masked load (mask second) or store (mask third), positional or by keyword
    (the builder's callers use both). An unknown layout yields none: the access then goes unchecked."""
    try:
        ptrs = args[0] if args else kwargs["ptrs"]
        mask = args[mask_at] if len(args) > mask_at else kwargs.get("mask")
        data = ptrs.data
        return data[np.broadcast_to(mask.data, data.shape)] if mask is not None else data
    except (KeyError, AttributeError, IndexError, TypeError, ValueError):
        return np.zeros(0, dtype=np.uint64)


def install() -> list:
    """Patch the interpreter's builder: reversed program order, and loads/stores/atomics seen by TRACKER."""
    from triton.runtime.interpreter import InterpreterBuilder

    b = InterpreterBuilder
    set_grid_idx, set_grid_dim = b.set_grid_idx, b.set_grid_dim
    masked_load, masked_store = b.create_masked_load, b.create_masked_store
    atomic_cas, atomic_rmw = b.create_atomic_cas, b.create_atomic_rmw

    def mirrored_grid_idx(self, x, y, z):
        TRACKER.next_program()
        nx, ny, nz = self.grid_dim
        return set_grid_idx(self, nx - 1 - x, ny - 1 - y, nz - 1 - z)

    def grid_dim(self, nx, ny, nz):
        races = TRACKER.races  # a new launch: earlier launches' stores are ordered before it
        TRACKER.reset()
        TRACKER.races = races
        return set_grid_dim(self, nx, ny, nz)

    def load(self, *args, **kwargs):
        TRACKER.load(_operand(args, kwargs, 1))
        return masked_load(self, *args, **kwargs)

    def store(self, *args, **kwargs):
        TRACKER.store(_operand(args, kwargs, 2))
        return masked_store(self, *args, **kwargs)

    def cas(self, *args, **kwargs):
        TRACKER.synced = True
        return atomic_cas(self, *args, **kwargs)

    def rmw(self, *args, **kwargs):
        TRACKER.synced = True
        return atomic_rmw(self, *args, **kwargs)

    b.set_grid_idx, b.set_grid_dim = mirrored_grid_idx, grid_dim
    b.create_masked_load, b.create_masked_store = load, store
    b.create_atomic_cas, b.create_atomic_rmw = cas, rmw
    return [b]
