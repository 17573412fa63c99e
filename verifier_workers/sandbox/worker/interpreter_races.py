"""GPU program-order semantics for the CPU interpreter (sandbox worker processes, TRITON_INTERPRET=1 only).

Triton's interpreter runs a launch's programs one after another, in grid order, so kernels that need atomics
or grid-wide synchronisation compute the right answer on a CPU and garbage on a GPU: read-modify-write
accumulation into one output, a program reading another's output, "the last program finalises". Installed by
launches.py before any candidate exists, this makes such kernels fail on a CPU too:
  * programs run in reversed grid order (`set_grid_idx` maps each index to its mirror): a kernel that
    assumes lower program ids have finished reads memory they have not written yet, and computes wrong;
  * a load of bytes that an *earlier* program of the same launch stored is a race (on a GPU, whether that
    store is visible is undefined) unless the store was released and the loader acquired (below). Each
    launch's race count is read with `take_races()`; launches.py reports it and run_op makes it `race`.
A plain store over bytes an earlier program stored is a race too, unless ordered the same way (which write
lands last is undefined on a GPU; "both ends of the grid finalise" computes right in either sequential order;
a spinlock's protected read-modify-write is ordered). Loads and stores are
compared byte by byte (a wide load over a narrow store, or a one-byte store of its own,
cannot hide another program's write). A store is *released* once its program has done an atomic after it
(the atomic itself included), and a program has *acquired* once it has done an atomic; only a released store
read by an acquired program is ordered (the ticket idiom: partials stored, a counter bumped, the last
program reads them). Relaxed atomics order nothing. A launch that stores more than TRACK_LIMIT bytes cannot be
checked and counts as a race (the CPU tasks are small: no honest kernel comes near it)."""
from __future__ import annotations

import numpy as np

TRACK_LIMIT = 1 << 24  # stored bytes per launch the check can hold (memory, time); more counts as a race


def _merge_in(chunks: list[np.ndarray], new: list[np.ndarray]) -> None:
    """Add sorted unique addresses to a list of sorted chunks, merged geometrically: O(N log N) per launch."""
    if not new:
        return
    chunk = np.unique(np.concatenate(new))
    while chunks and len(chunks[-1]) <= 2 * len(chunk):
        chunk = np.union1d(chunks.pop(), chunk)
    chunks.append(chunk)


def _hits(a: np.ndarray, chunks: list[np.ndarray]) -> np.ndarray:
    hit = np.zeros(a.shape, dtype=bool)
    for chunk in chunks:
        hit |= np.isin(a, chunk)
    return hit


class RaceTracker:
    """Bytes stored by the programs already run in this launch: those their program released, and the rest."""

    def __init__(self):
        self.reset()

    def reset(self) -> None:
        self.unreleased: list[np.ndarray] = []  # finished programs' stores no later atomic of theirs released
        self.released: list[np.ndarray] = []  # finished programs' stores followed by an atomic of theirs
        self.pending: list[np.ndarray] = []  # this program's stores since its last atomic
        self.own: list[np.ndarray] = []  # this program's stores before its last atomic
        # this program's atomics (ordered ones release themselves): bytes it published, not bytes it owns, so a
        # relaxed "touch" of another program's store does not make that store readable as its own
        self.atomic_ordered: list[np.ndarray] = []
        self.atomic_relaxed: list[np.ndarray] = []
        self.acquired = False  # this program did an (ordering) atomic
        self.stored = 0
        self.races = 0

    def next_program(self) -> None:
        _merge_in(self.unreleased, self.pending + self.atomic_relaxed)
        _merge_in(self.released, self.own + self.atomic_ordered)
        self.pending, self.own, self.acquired = [], [], False
        self.atomic_ordered, self.atomic_relaxed = [], []

    def store(self, addrs: np.ndarray) -> None:
        if addrs.size == 0:
            return
        self.stored += addrs.size
        if self.stored > TRACK_LIMIT:
            self.races += self.stored - addrs.size <= TRACK_LIMIT  # once: the launch cannot be checked
            self.unreleased, self.released, self.pending, self.own = [], [], [], []
            self.atomic_ordered, self.atomic_relaxed = [], []
            return
        if self.unreleased or self.released:  # two programs storing the same bytes: on a GPU, either wins,
            # unless ordered as a load would be (a spinlock: the earlier store released, this program acquired)
            a = np.unique(addrs)
            self.races += bool(_hits(a, self.unreleased).any() or (not self.acquired and _hits(a, self.released).any()))
        self.pending.append(addrs)

    def atomic(self, addrs: np.ndarray, ordered: bool) -> None:
        """An atomic on `addrs`: it publishes itself; with acquire/release order it also releases this
        program's earlier stores and lets it read other programs' released ones."""
        if ordered:
            self.own.extend(self.pending)
            self.pending = []
            self.acquired = True
        if addrs.size and self.stored <= TRACK_LIMIT:
            self.stored += addrs.size
            (self.atomic_ordered if ordered else self.atomic_relaxed).append(addrs)

    def load(self, addrs: np.ndarray) -> None:
        if addrs.size == 0 or self.stored > TRACK_LIMIT or not (self.unreleased or self.released):
            return
        a = np.unique(addrs)
        mine = self.pending + self.own
        if mine:  # bytes this program wrote itself read its own value
            a = a[~np.isin(a, np.concatenate(mine))]
        race = _hits(a, self.unreleased).any()
        if not race and not self.acquired:
            race = _hits(a, self.released).any()
        self.races += bool(race)


TRACKER = RaceTracker()


def take_races() -> int:
    """Races found since the last call (one launch), and the tracker reset for the next launch."""
    n = TRACKER.races
    TRACKER.reset()
    return n


def _bytes(addrs: np.ndarray, itemsize: int) -> np.ndarray:
    a = np.asarray(addrs, dtype=np.uint64).ravel()
    if itemsize <= 1:
        return a
    return (a[:, None] + np.arange(itemsize, dtype=np.uint64)[None, :]).ravel()


def _itemsize(ptrs) -> int:
    try:
        return max(1, int(ptrs.get_element_ty().primitive_bitwidth) // 8)
    except (AttributeError, TypeError, ValueError):
        return 8  # unknown: the widest scalar, so no byte of it goes unchecked


def _operand(args: tuple, kwargs: dict, mask_at: int, ptr_key: str = "ptrs") -> np.ndarray:
    """The active bytes of a masked load (mask second), store (mask third) or atomic (`ptr`, mask third),
    positional or by keyword (the builder's callers use both). An unknown layout yields none: the access
    then goes unchecked."""
    try:
        ptrs = args[0] if args else kwargs[ptr_key]
        mask = args[mask_at] if len(args) > mask_at else kwargs.get("mask")
        data = ptrs.data
        active = data[np.broadcast_to(mask.data, data.shape)] if mask is not None else data
        return _bytes(active, _itemsize(ptrs))
    except (KeyError, AttributeError, IndexError, TypeError, ValueError):
        return np.zeros(0, dtype=np.uint64)


def _ordered(sem) -> bool:
    return "RELAXED" not in str(sem).upper()


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

    def cas(self, *args, **kwargs):  # (ptr, cmp, val, sem, scope)
        ptr = args[0] if args else kwargs["ptr"]
        sem = args[3] if len(args) > 3 else kwargs.get("sem")
        TRACKER.atomic(_bytes(np.asarray(ptr.data).ravel(), _itemsize(ptr)), _ordered(sem))
        return atomic_cas(self, *args, **kwargs)

    def rmw(self, *args, **kwargs):  # (rmwOp, ptr, val, mask, sem, scope)
        ptr = args[1] if len(args) > 1 else kwargs["ptr"]
        mask = args[3] if len(args) > 3 else kwargs.get("mask")
        sem = args[4] if len(args) > 4 else kwargs.get("sem")
        TRACKER.atomic(_operand((ptr, None, mask), {}, 2), _ordered(sem))
        return atomic_rmw(self, *args, **kwargs)

    b.set_grid_idx, b.set_grid_dim = mirrored_grid_idx, grid_dim
    b.create_masked_load, b.create_masked_store = load, store
    b.create_atomic_cas, b.create_atomic_rmw = cas, rmw
    return [b]
