"""GPU program-order semantics for the CPU interpreter (sandbox worker processes, TRITON_INTERPRET=1 only).

Triton's interpreter runs a launch's programs one after another, in grid order, so kernels that need atomics or
grid-wide synchronisation (read-modify-write accumulation, a program reading another's output, "the last program
finalises") are right on a CPU and garbage on a GPU. Installed by launches.py before any candidate, this fails them:
  * programs run in a shuffled order (`set_grid_idx`, interpreter_reorder.program_order): a kernel that
    assumes lower program ids have finished, or that one program runs last, reads unwritten memory;
  * a load of bytes that an *earlier* program of the launch stored is a race (its visibility on a GPU is undefined)
    unless the store was released and the loader acquired (below); `take_races()` reads a launch's count (`race`).
An `atomic_xchg` of a value unlike another program's at that address is a race (which lands last is undefined; a lock's
release, the same 0 from every program, is not), and so is a plain store over bytes an earlier program stored, unless
ordered the same way ("both ends of the grid finalise"; a spinlock's protected read-modify-write is ordered). Loads and
stores are compared byte by byte. A store is *released* once its program has done a releasing atomic after it (the
atomic itself included), and a program has *acquired* once it has used the value of an acquiring atomic on an address
another program released at (an acquire synchronises with the release it reads from, not with a fence on a private
address, and a program that never looks at the value cannot know whose release it read: R8B_04, 05); only a released
store read by a program that acquired at the address of a release that published it (interpreter_release.py: R10B_05)
is ordered (the ticket idiom: partials stored, a counter bumped, the last program reads them). Which atomics release or
acquire is an allowlist of the PTX memory model (interpreter_ordering.py): scope "gpu"/"sys" with sem "acq_rel" both,
"release" only releases, "acquire" only acquires, "relaxed" neither; a scope="cta" atomic is, for other programs, a
plain read and store. A launch made with launch_pdl=True may overlap the previous stream op: a program's access before
its `gdc_wait` is a race. An atomic reads what it updates: another program's plain store under it is checked as a
load's would be (`atomic_add(p, 0)` reads partials as surely as `tl.load`). A store over bytes another program read
after it acquired (a load, or an atomic) is a race unless the storing program holds a lock, a CAS that found what it
compared with, on an address another program of the launch released: fences order, they do not exclude. "The first and
the last program both finalise" read partials a later program stores; a read-modify-write between dummy fences can
interleave with another (a lost update); a spinlock's protected read-modify-write and the ticket's last program (nobody
stores after it) pass. Reads before a program's first acquire are not kept (an unsynchronised program reading another's
store is a race already). A launch that stores, or reads after acquiring, more than TRACK_LIMIT bytes counts as a race.
A store or atomic over bytes another program loaded is a race too unless ordered (the reader released after the load,
the writer acquired). An atomic whose read value depends on other programs' atomics it is not ordered after (relaxed,
or released to a program that has not acquired) returns a handle that counts a race when the kernel uses it (a relaxed
ticket). Within one program, lanes race as interpreter_lanes.py says (only a `tl.debug_barrier()` orders a GPU's
threads, and the barrier behind a used one-element atomic: the backend hands its result to the other threads through
shared memory; R8B_04's honest twin under a shuffled order): every load, store and atomic passes through its
LaneTracker. Compiler hints (`tl.multiple_of`, `tl.max_contiguous`, `tl.max_constancy`) are checked on the values they
annotate; a false one is counted (`take_false_hints()`, the `false_hint` violation): on a GPU it makes wide, misaligned
accesses."""
from __future__ import annotations

import numpy as np

from tritonrl.verifier_workers.sandbox.worker.interpreter_access import (active_bytes, active_lanes, element_bytes,
                                                                          itemsize_of, stored_values, tile_lanes,
                                                                          tile_shape)
from tritonrl.verifier_workers.sandbox.worker import interpreter_reorder
from tritonrl.verifier_workers.sandbox.worker.interpreter_cas import LockContention, contended_cas
from tritonrl.verifier_workers.sandbox.worker.interpreter_lanes import LATTICE, STORE, LaneTracker, rmw_kind
from tritonrl.verifier_workers.sandbox.worker.interpreter_release import ReleaseGroups
from tritonrl.verifier_workers.sandbox.worker.interpreter_release import hits as _hits, merge_in as _merge_in
from tritonrl.verifier_workers.sandbox.worker.interpreter_hints import HINT_KEYS, hint_holds, pointee_bytes
from tritonrl.verifier_workers.sandbox.worker.interpreter_ordering import (GDC_WAIT, DependentLaunch, Order,
                                                                           atomic_order, gdc_instruction, gdc_result,
                                                                           install_gdc, watch_use)

TRACK_LIMIT = 1 << 24  # stored bytes per launch the check can hold (memory, time); more counts as a race


class RaceTracker:
    """Bytes stored by the programs already run in this launch: those their program released, and the rest."""

    def __init__(self):
        self.false_hints = 0  # taken by take_false_hints(), not cleared with the per-launch state
        self.reset()

    def reset(self) -> None:
        self.unreleased: list[np.ndarray] = []  # finished programs' plain stores no later atomic of theirs released
        self.released: list[np.ndarray] = []  # finished programs' plain stores followed by an atomic of theirs
        # finished programs' atomics (ordered ones release themselves); kept apart from plain stores because an
        # atomic races with another program's plain store, never with its atomic
        self.atomic_unreleased: list[np.ndarray] = []
        self.atomic_released: list[np.ndarray] = []
        self.loaded: list[np.ndarray] = []  # finished programs' reads (loads, atomics) after their first acquire
        self.pending: list[np.ndarray] = []  # this program's stores since its last atomic
        self.own: list[np.ndarray] = []  # this program's stores before its last atomic
        # this program's atomics (ordered ones release themselves): bytes it published, not bytes it owns, so a
        # relaxed "touch" of another program's store does not make that store readable as its own
        self.atomic_ordered: list[np.ndarray] = []
        self.atomic_relaxed: list[np.ndarray] = []
        self.reads: list[np.ndarray] = []  # this program's loads since it acquired
        # its atomics since it acquired: reads only where it also plain-stored (an atomic-read
        # read-modify-write); a counter only ever updated atomically may be reset by the ticket's last program
        self.atomic_reads: list[np.ndarray] = []
        self.acquired = False  # this program did an acquiring atomic: its later reads are kept
        # ... one that read an address another program of the launch released at (an acquire synchronises only
        # with a release it reads from): only then are other programs' released stores ordered before its reads
        self.synced = False
        self.locked = False  # this program took a lock another program of the launch released (a succeeded CAS)
        self.stored = 0
        self.read_bytes = 0
        self.races = 0
        self.program = 0
        self.exchanged: dict[int, tuple[int, bytes]] = {}  # address -> (program, value) of atomic_xchg writes
        self.cas = LockContention()  # CAS locks other programs took: a CAS there may fail (interpreter_cas)
        # every read (plain load) of finished programs, split as their stores are: a later program's write over
        # one is a race unless ordered (the reader released after it, the writer synchronised): write-after-read
        self.read_unreleased: list[np.ndarray] = []
        self.read_released: list[np.ndarray] = []
        self.prog_reads: list[np.ndarray] = []  # this program's loads since its last release
        self.prog_reads_rel: list[np.ndarray] = []  # ... before it
        self.read_total = 0  # bytes in the two lists; past TRACK_LIMIT, reads are kept as byte ranges instead
        self.read_spans: list[tuple[int, int]] = []  # finished programs' read ranges once past the limit
        self.prog_spans: list[tuple[int, int]] = []
        self.lanes = LaneTracker()
        self.publish = ReleaseGroups()  # which stores each release published (interpreter_release.py)

    def xchg(self, addrs: np.ndarray, values: np.ndarray | None) -> None:
        """Active element addresses of an atomic_xchg and their values (bytes view)."""
        if values is None:
            return
        for a, v in zip(addrs.tolist(), values):
            v = v.tobytes()
            prev = self.exchanged.get(a)
            if prev is not None and prev[0] != self.program and prev[1] != v:
                self.races += 1
                return
            self.exchanged[a] = (self.program, v)

    def lane_reset(self) -> None:
        """tl.debug_barrier(): this program's accesses so far are ordered before its later ones (every lane)."""
        self.lanes.reset()

    def lane_store(self, addrs: np.ndarray, lanes: np.ndarray, values: np.ndarray | None, kind: str = STORE,
                   itemsize: int = 0) -> None:
        """One store's or atomic's active element addresses, their lanes (tile positions), values (bytes view)."""
        self.races += self.lanes.write(addrs, lanes, values, kind, itemsize)

    def lane_load(self, addrs: np.ndarray, lanes: np.ndarray, itemsize: int) -> None:
        self.races += self.lanes.read(addrs, lanes, itemsize)

    def next_program(self) -> None:
        self.program += 1
        _merge_in(self.unreleased, self.pending)
        _merge_in(self.released, self.own)
        _merge_in(self.atomic_unreleased, self.atomic_relaxed)
        _merge_in(self.atomic_released, self.atomic_ordered)
        if self.atomic_reads and (self.pending or self.own):
            a = np.unique(np.concatenate(self.atomic_reads))
            a = a[np.isin(a, np.concatenate(self.pending + self.own))]
            if a.size:
                self.reads.append(a)
        if self.reads and self.read_bytes <= TRACK_LIMIT:
            _merge_in(self.loaded, self.reads)
            self.read_bytes = sum(len(c) for c in self.loaded)
            if self.read_bytes > TRACK_LIMIT:  # once: what later stores overwrite cannot be checked
                self.races += 1
                self.loaded = []
        self._merge_reads()
        self.pending, self.own, self.reads, self.atomic_reads = [], [], [], []
        self.acquired = self.locked = self.synced = False
        self.cas.next_program()
        self.publish.end_program()
        self.atomic_ordered, self.atomic_relaxed = [], []
        self.lane_reset()

    def _merge_reads(self) -> None:
        """This program's reads join the finished programs' (or their ranges, past the limit)."""
        self.read_spans.extend(self.prog_spans)
        for mine, into in ((self.prog_reads, self.read_unreleased), (self.prog_reads_rel, self.read_released)):
            _merge_in(into, mine)
        self.read_total = sum(len(c) for c in self.read_unreleased + self.read_released)
        self.prog_reads, self.prog_reads_rel, self.prog_spans = [], [], []
        if self.read_total > TRACK_LIMIT and (self.read_unreleased or self.read_released):
            for c in self.read_unreleased + self.read_released:  # conservative: ranges, unreleased
                self.read_spans.append((int(c[0]), int(c[-1])))
            self.read_unreleased, self.read_released = [], []

    def _read_before(self, a: np.ndarray) -> bool:
        """Do bytes `a` (to be written) hit another program's read this program is not ordered after?"""
        if _hits(a, self.read_unreleased).any() or (not self.synced and _hits(a, self.read_released).any()):
            return True
        if self.read_spans:
            lo, hi = int(a.min()), int(a.max())
            return any(s <= hi and e >= lo for s, e in self.read_spans)
        return False

    def _read(self, addrs: np.ndarray) -> None:
        """A plain load's bytes, kept for write-after-read (a range per load once past the limit)."""
        if self.read_total > TRACK_LIMIT:
            self.prog_spans.append((int(addrs.min()), int(addrs.max())))
        else:
            self.prog_reads.append(addrs)

    def _overflowed(self) -> bool:
        return self.stored > TRACK_LIMIT or self.read_bytes > TRACK_LIMIT

    def _unordered(self, a: np.ndarray, atomics: bool = True) -> bool:
        """Do bytes `a` hit another program's write this program is not ordered after (unreleased, or
        released but this program has not acquired)? `atomics`: other programs' atomics count too."""
        un = self.unreleased + (self.atomic_unreleased if atomics else [])
        if _hits(a, un).any():
            return True
        if self.synced:  # ordered only after the stores the releases it synchronised with published
            return bool(_hits(a, self.released).any()) and self.publish.hidden(a)
        return bool(_hits(a, self.released + (self.atomic_released if atomics else [])).any())

    def store(self, addrs: np.ndarray) -> None:
        if addrs.size == 0:
            return
        self.stored += addrs.size
        if self.stored > TRACK_LIMIT:
            self.races += self.stored - addrs.size <= TRACK_LIMIT  # once: the launch cannot be checked
            self.unreleased, self.released, self.pending, self.own = [], [], [], []
            self.atomic_unreleased, self.atomic_released, self.loaded, self.reads = [], [], [], []
            self.atomic_reads = []
            self.atomic_ordered, self.atomic_relaxed, self.publish = [], [], ReleaseGroups()
            return
        if (self.unreleased or self.released or self.atomic_unreleased or self.atomic_released or self.loaded
                or self.read_unreleased or self.read_released or self.read_spans):
            a = np.unique(addrs)
            # two programs storing the same bytes: on a GPU, either wins, unless ordered as a load would be
            race = self._unordered(a) or self._read_before(a)
            # overwriting bytes another program read after synchronising (a finaliser's partials, a
            # read-modify-write's accumulator): fences order, they do not exclude, so on a GPU the other
            # program may read this store or not. Only a lock (a CAS another program released) excludes.
            if not race and not self.locked and self.loaded:
                race = bool(_hits(a, self.loaded).any())
            self.races += race
        self.pending.append(addrs)
        self.publish.store(addrs)

    def atomic(self, addrs: np.ndarray, order: Order, used: bool = True) -> bool:
        """An atomic on `addrs`: it reads them (another program's plain store there must be ordered before it,
        as for a load) and publishes itself; a release also publishes this program's earlier stores, an acquire
        lets it read other programs' released ones once its value is `used` (else the hook calls `acquire`
        then). A CTA-scoped atomic is, for other programs, a plain read and store. Returns whether its value
        depends on other programs' atomics it is not ordered after (its result must then go unused)."""
        if not order.atomic:
            self.load(addrs)
            self.store(addrs)
            return False
        if addrs.size and not self._overflowed() and (self.unreleased or self.released):
            a = np.unique(addrs)
            mine = self.pending + self.own
            if mine:
                a = a[~np.isin(a, np.concatenate(mine))]
            self.races += self._unordered(a, atomics=False)  # acquired only by an earlier atomic
        if order.release:  # earlier stores, relaxed atomics and reads are published (PTX release)
            self.publish.release(addrs)
            self.own.extend(self.pending)
            self.pending = []
            self.atomic_ordered.extend(self.atomic_relaxed)
            self.atomic_relaxed = []
            self.prog_reads_rel.extend(self.prog_reads)
            self.prog_reads = []
        if order.acquire and used:
            self.acquire(addrs)
        unordered = False
        if addrs.size and not self._overflowed():
            a = np.unique(addrs)
            # it writes: another program's plain read there must be ordered before it (write-after-read)
            if self.read_unreleased or self.read_released or self.read_spans:
                self.races += self._read_before(a)
            # it reads: other programs' atomics there not ordered before it make the value order-dependent
            unordered = bool(_hits(a, self.atomic_unreleased).any()) or (
                not self.synced and not order.acquire and bool(_hits(a, self.atomic_released).any()))
        if addrs.size and self.stored <= TRACK_LIMIT:
            self.stored += addrs.size
            (self.atomic_ordered if order.release else self.atomic_relaxed).append(addrs)
            if self.acquired or order.acquire:
                self.atomic_reads.append(addrs)
        return unordered

    def acquire(self, addrs: np.ndarray, took: bool = False) -> None:
        """The kernel used an acquiring atomic's value (on `addrs`; `took`: a CAS that swapped, a lock)."""
        self.acquired = True
        a = np.unique(addrs)
        a = a[_hits(a, self.atomic_released)] if a.size and self.atomic_released else a[:0]
        self.publish.acquire(a.tolist())
        self.synced, self.locked = self.synced or bool(a.size), self.locked or (took and bool(a.size))

    def load(self, addrs: np.ndarray) -> None:
        if addrs.size == 0 or self._overflowed():
            return
        self._read(addrs)
        if self.acquired:  # reads after synchronising: a later program's store over them is checked
            new = addrs[~_hits(addrs, self.loaded)]  # inputs every program reads are kept once
            if new.size:
                self.reads.append(new)
        if not (self.unreleased or self.released or self.atomic_unreleased or self.atomic_released):
            return
        a = np.unique(addrs)
        mine = self.pending + self.own
        if mine:  # bytes this program wrote itself read its own value
            a = a[~np.isin(a, np.concatenate(mine))]
        self.races += self._unordered(a)


TRACKER = RaceTracker()
ORDER = [np.zeros(1, dtype=np.int64)]  # the running launch's program order (interpreter_reorder.program_order)
DEPENDENT = DependentLaunch()  # the running launch's launch_pdl and its program's gdc_wait


def take_races() -> int:
    """Races found since the last call (one launch), and the tracker reset for the next launch."""
    n = TRACKER.races
    TRACKER.reset()
    return n


def take_false_hints() -> int:
    n, TRACKER.false_hints = TRACKER.false_hints, 0
    return n


def begin_launch(pdl: bool) -> None:
    """A launch starts (launches.py): made with launch_pdl on, its programs must gdc_wait before any access."""
    DEPENDENT.begin(pdl)


def _dependent_access(addrs: np.ndarray) -> None:
    """A global access of a launch that may overlap the previous stream op (interpreter_ordering)."""
    if DEPENDENT.unsynchronised(addrs.size):
        TRACKER.races += 1


def _order_dependent_use() -> None:
    """A kernel used an atomic's value that depends on atomics not ordered before it (a relaxed ticket)."""
    TRACKER.races += 1


def atomic_use_hooks(unordered: bool, order, addrs: np.ndarray, took: bool = False, scalar: bool = False) -> list:
    """Using an atomic's value: a race if order-dependent; an acquire; a lane barrier if `scalar` (the docstring)."""
    return [_order_dependent_use] * unordered + [lambda: TRACKER.acquire(addrs, took)] * order.acquire + [
        TRACKER.lane_reset] * scalar


def install() -> list:
    """Patch the interpreter's builder: shuffled program order, and loads/stores/atomics seen by TRACKER."""
    from triton.runtime.interpreter import InterpreterBuilder, TensorHandle

    b = InterpreterBuilder
    set_grid_idx, set_grid_dim = b.set_grid_idx, b.set_grid_dim
    create_barrier, handle_set_attr = b.create_barrier, TensorHandle.set_attr
    masked_load, masked_store = b.create_masked_load, b.create_masked_store
    atomic_cas, atomic_rmw = b.create_atomic_cas, b.create_atomic_rmw
    inline_asm = b.create_inline_asm

    def shuffled_grid_idx(self, x, y, z):  # the interpreter visits x, then y, then z (row-major)
        TRACKER.next_program()
        DEPENDENT.next_program()
        _, ny, nz = self.grid_dim
        p = int(ORDER[0][(x * ny + y) * nz + z])
        return set_grid_idx(self, p // (ny * nz), p // nz % ny, p % nz)

    def grid_dim(self, nx, ny, nz):
        ORDER[0] = interpreter_reorder.program_order(nx * ny * nz)
        races, _ = TRACKER.races, TRACKER.reset()  # a new launch: earlier launches' stores are ordered before it
        TRACKER.races = races
        return set_grid_dim(self, nx, ny, nz)

    def load(self, *args, **kwargs):
        addrs, lanes, itemsize = active_lanes(args, kwargs, 1)
        _dependent_access(addrs)
        TRACKER.load(element_bytes(addrs, itemsize))  # cache_modifier, eviction_policy, volatile: no order
        TRACKER.lane_load(addrs, tile_lanes(lanes, tile_shape(args, kwargs)), itemsize)
        return masked_load(self, *args, **kwargs)

    def store(self, *args, **kwargs):
        addrs, lanes, itemsize = active_lanes(args, kwargs, 2)
        _dependent_access(addrs)
        TRACKER.store(element_bytes(addrs, itemsize))
        values = stored_values(args, kwargs, addrs.size, lanes, itemsize)
        TRACKER.lane_store(addrs, tile_lanes(lanes, tile_shape(args, kwargs)), values)
        return masked_store(self, *args, **kwargs)

    # tl.debug_barrier(): this program's stores visible to all its lanes; never a grid barrier (other programs)
    def barrier(self, *args, **kwargs):
        TRACKER.lane_reset()
        return create_barrier(self, *args, **kwargs)

    def set_attr(self, key, value):
        if key in HINT_KEYS and not hint_holds(self.data, key, list(value), pointee_bytes(self)):
            TRACKER.false_hints += 1
        return handle_set_attr(self, key, value)

    def cas(self, *args, **kwargs):  # (ptr, cmp, val, sem, scope)
        ptr = args[0] if args else kwargs["ptr"]
        sem = args[3] if len(args) > 3 else kwargs.get("sem")
        order = atomic_order(sem, args[4] if len(args) > 4 else kwargs.get("scope"))
        addrs = element_bytes(np.asarray(ptr.data).ravel(), itemsize_of(ptr))
        _dependent_access(addrs)
        unordered = TRACKER.atomic(addrs, order, used=False)
        elems = np.asarray(ptr.data, dtype=np.uint64).ravel()
        lanes = tile_lanes(np.arange(elems.size), np.shape(ptr.data))
        val = args[2] if len(args) > 2 else kwargs.get("val")
        TRACKER.lane_store(elems, lanes, stored_values((ptr, val), {}, elems.size, np.arange(elems.size),
                                                       itemsize_of(ptr)), "cas", itemsize_of(ptr))
        unordered = unordered or TRACKER.lanes.dependent
        old = contended_cas(self, atomic_cas, masked_load, args, kwargs, TRACKER.cas)
        try:  # a CAS that found what it compared with swapped: with acquire order, it took a lock
            cmp = args[1] if len(args) > 1 else kwargs["cmp"]
            took = np.array_equal(np.asarray(old.data), np.broadcast_to(cmp.data, np.shape(old.data)))
        except (KeyError, AttributeError, TypeError, ValueError):
            took = False  # an unknown layout: no lock
        return watch_use(old, *atomic_use_hooks(unordered, order, addrs, took, np.size(ptr.data) == 1))

    def rmw(self, *args, **kwargs):  # (rmwOp, ptr, val, mask, sem, scope)
        ptr = args[1] if len(args) > 1 else kwargs["ptr"]
        mask = args[3] if len(args) > 3 else kwargs.get("mask")
        sem = args[4] if len(args) > 4 else kwargs.get("sem")
        order = atomic_order(sem, args[5] if len(args) > 5 else kwargs.get("scope"))
        addrs = active_bytes((ptr, None, mask), {}, 2)
        _dependent_access(addrs)
        unordered = TRACKER.atomic(addrs, order, used=False)
        op = args[0] if args else kwargs.get("rmwOp")
        val = args[2] if len(args) > 2 else kwargs.get("val")
        elems, lanes, itemsize = active_lanes((ptr, mask), {}, 1)
        values = stored_values((ptr, val), {}, elems.size, lanes, itemsize)
        if "XCHG" in str(op).upper():
            TRACKER.xchg(elems, values)
        TRACKER.lane_store(elems, tile_lanes(lanes, np.shape(ptr.data)), values, rmw_kind(op), itemsize)
        unordered = unordered or TRACKER.lanes.dependent  # ... or on the order of this program's lanes
        old = atomic_rmw(self, *args, **kwargs)
        # max/min: Triton's own select reads a float's results
        return watch_use(old, *atomic_use_hooks(unordered and rmw_kind(op) not in LATTICE, order, addrs,
                                      scalar=np.size(ptr.data) == 1))

    def asm(self, *args, **kwargs):  # (inlineAsm, constraints, values, type, isPure, pack)
        gdc = gdc_instruction(args[0] if args else kwargs.get("inlineAsm"))
        if gdc is None:
            return inline_asm(self, *args, **kwargs)  # the interpreter cannot run assembly: it raises
        if gdc == GDC_WAIT:  # the previous launch has finished and its writes are visible
            DEPENDENT.wait()
        return gdc_result()

    b.set_grid_idx, b.set_grid_dim = shuffled_grid_idx, grid_dim
    b.create_masked_load, b.create_masked_store = load, store
    b.create_atomic_cas, b.create_atomic_rmw = cas, rmw
    b.create_barrier, TensorHandle.set_attr = barrier, set_attr
    b.create_inline_asm = asm  # `tl.inline_asm_elementwise` spelling of the GDC instructions
    install_gdc(DEPENDENT.wait)  # `tl.extra.cuda.gdc_wait()` and `gdc_launch_dependents()`
    return [b, TensorHandle]
