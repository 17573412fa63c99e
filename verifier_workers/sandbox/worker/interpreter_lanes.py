"""Races between the lanes of one program (sandbox worker processes, TRITON_INTERPRET=1 only), for
interpreter_races.py.

The interpreter runs a tile operation as one numpy operation, so every lane of a program sees every other lane's
writes of the statement before, and a tile's load happens whole before its store. A GPU runs the lanes on many
threads in several warps, ordered only by `tl.debug_barrier()`. One rule covers every kind of access: between two
barriers, two accesses of one byte by different lanes race when at least one writes, unless both are atomics of
one commutative operation (add, and, or, xor, max, min: the result does not depend on which lands first):
  * a read (a load) of a byte another lane wrote (a store or an atomic: the atomic's lanes may not have run yet);
  * a write of a byte another lane read (write-after-read: an in-place permutation overwrites what another warp
    has not loaded yet);
  * a write of a byte another lane wrote, in another operation (which lands last is undefined), or in the same
    one with different values (numpy keeps the last lane; a broadcast scalar, one value, is not a race), or by
    several lanes of one non-commutative atomic (xchg, cas) with different values (which exchange lands last).
A lane is a tile position and the tile's shape (interpreter_access.tile_lanes): the same position of
same-shaped tiles is the same thread. A byte several lanes of one atomic wrote is held by MANY, unlike every
lane. Reads are kept unsorted with their byte range; a write compares only with accesses whose range it meets."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from tritonrl.verifier_workers.sandbox.worker.interpreter_access import element_bytes

MANY = np.int64(-1)  # the lane of a byte several lanes of one atomic wrote: unlike every lane
STORE = "store"  # the kind of a plain store (an atomic's kind is its operation's name: "add", "xchg"...)
COMMUTATIVE = frozenset({"add", "fadd", "and", "or", "xor", "max", "min", "umax", "umin"})
# Triton's float atomic_max is MAX on the non-negative values' bits and UMIN on the negatives' (min: MIN, UMAX),
# then a select of the two results: one commutative family, and results the select itself reads (not watched)
LATTICE = {"max": "max", "umin": "max", "min": "min", "umax": "min"}


def commute(a: str, b: str) -> bool:
    """Do two atomics of these kinds commute (land in either order with one result)?"""
    return a in COMMUTATIVE and b in COMMUTATIVE and LATTICE.get(a, a) == LATTICE.get(b, b)


@dataclass
class Access:
    """One operation's active bytes (sorted for writes), their lanes, and its byte range."""

    bytes_: np.ndarray
    lanes: np.ndarray
    lo: int
    hi: int
    kind: str = STORE
    itemsize: int = 0  # a read's: `bytes_` and `lanes` hold elements, expanded to bytes when first compared
    cache: list = field(default_factory=list)

    def sorted_view(self) -> tuple[np.ndarray, np.ndarray]:
        if not self.itemsize:
            return self.bytes_, self.lanes
        if not self.cache:
            b = element_bytes(self.bytes_, self.itemsize)
            ln = np.repeat(self.lanes, self.itemsize)
            o = np.argsort(b, kind="stable")
            self.cache = [b[o], ln[o]]
        return self.cache[0], self.cache[1]


def rmw_kind(op) -> str:
    """`RMW_OP.ADD` -> "add" (the interpreter hands the builder IR enums); "cas" for a compare-and-swap."""
    return str(op).rsplit(".", 1)[-1].lower()


def _overlap(sb: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each of `b`: does sorted `sb` hold it, and where."""
    at = np.minimum(np.searchsorted(sb, b), sb.size - 1)
    return sb[at] == b, at


class LaneTracker:
    """One program's accesses since its last barrier. Each method returns the races it found (0 or 1)."""

    def __init__(self):
        self.reset()

    def reset(self) -> None:
        """A barrier (or a new program): earlier accesses are ordered before later ones for every lane."""
        self.writes: list[Access] = []
        self.reads: list[Access] = []
        self.read_lo: list[int] = []  # the reads' byte ranges, tested at once by a write
        self.read_hi: list[int] = []
        self.dependent = False  # the last atomic's read value depends on the order of this program's lanes

    def write(self, addrs: np.ndarray, lanes: np.ndarray, values: np.ndarray | None, kind: str = STORE,
              itemsize: int = 0) -> int:
        """One store's or atomic's active element addresses, their lanes and values (bytes view, or None)."""
        if addrs.size == 0:
            return 0
        order = np.argsort(addrs, kind="stable")
        a = addrs[order]
        ln = np.asarray(lanes, dtype=np.int64)[order]
        dup = a[1:] == a[:-1]
        race = 0
        if dup.any():
            if values is not None and kind not in COMMUTATIVE:
                v = values[order]
                race = int(bool((v[1:][dup] != v[:-1][dup]).any()))
            if kind != STORE:  # several lanes of one atomic: the byte is theirs together
                first = np.ones(a.size, dtype=bool)
                first[1:] = ~dup
                group = np.cumsum(first) - 1
                many = np.zeros(int(group[-1]) + 1, dtype=bool)
                np.logical_or.at(many, group[1:][dup], True)
                ln = np.where(many[group], MANY, ln)
        if not itemsize:
            itemsize = values.shape[1] if values is not None and values.ndim == 2 else 1
        keep = np.ones(a.size, dtype=bool)
        keep[1:] = ~dup  # one lane per address (the values agree, the atomic commutes, or the race is counted)
        b = element_bytes(a[keep], itemsize)
        bl = np.repeat(ln[keep], itemsize)
        o = np.argsort(b, kind="stable")  # elements may overlap (odd pointer arithmetic): sort the bytes
        new = Access(b[o], bl[o], int(b[o][0]), int(b[o][-1]), kind)
        if not race:
            race = self._meets(new)
        # an atomic reads too: what several of its lanes, or another lane's write since the barrier, left there
        # depends on which lane ran first (its result is a race if used: interpreter_races watches it)
        self.dependent = kind != STORE and kind not in LATTICE and (bool(dup.any()) or self._written_by_others(new))
        self.writes.append(new)
        return race

    def _written_by_others(self, w: Access) -> bool:
        for old in self.writes:
            if old.hi >= w.lo and old.lo <= w.hi:
                hit, at = _overlap(old.bytes_, w.bytes_)
                if hit.any() and ((old.lanes[at][hit] != w.lanes[hit]) | (w.lanes[hit] == MANY)).any():
                    return True
        return False

    def _meets(self, w: Access) -> int:
        """Does write `w` meet another lane's earlier write (not both one commutative atomic) or read?"""
        for old in self.writes:
            if old.hi < w.lo or old.lo > w.hi or commute(w.kind, old.kind):
                continue
            hit, at = _overlap(old.bytes_, w.bytes_)
            if hit.any() and ((old.lanes[at][hit] != w.lanes[hit]) | (w.lanes[hit] == MANY)).any():
                return 1
        if not self.reads:
            return 0
        # a loop of loads and stores keeps many reads: their ranges are tested at once, not one by one
        near = (np.array(self.read_lo, dtype=np.int64) <= w.hi) & (np.array(self.read_hi, dtype=np.int64) >= w.lo)
        for i in np.nonzero(near)[0].tolist():
            rb, rl = self.reads[i].sorted_view()
            hit, at = _overlap(w.bytes_, rb)
            if hit.any() and (w.lanes[at][hit] != rl[hit]).any():
                return 1
        return 0

    def read(self, addrs: np.ndarray, lanes: np.ndarray, itemsize: int) -> int:
        """A load's active element addresses and lanes: bytes another lane wrote since the barrier must not be
        among them (the newest write of a byte counts); the read is kept for later writes."""
        if addrs.size == 0:
            return 0
        lanes = np.asarray(lanes, dtype=np.int64)
        lo, hi = int(addrs.min()), int(addrs.max()) + itemsize - 1
        self.reads.append(Access(addrs, lanes, lo, hi, itemsize=itemsize))
        self.read_lo.append(lo)
        self.read_hi.append(hi)
        if not any(w.lo <= hi and w.hi >= lo for w in self.writes):
            return 0  # most loads: no write of this program since the barrier is near
        b = element_bytes(addrs, itemsize)
        ln = np.repeat(lanes, itemsize)
        open_ = np.ones(b.size, dtype=bool)  # bytes whose newest write is not found yet
        for w in reversed(self.writes):
            if w.hi < lo or w.lo > hi:
                continue
            hit, at = _overlap(w.bytes_, b)
            hit &= open_
            if hit.any():
                if (w.lanes[at][hit] != ln[hit]).any():
                    return 1
                open_ &= ~hit
                if not open_.any():
                    return 0
        return 0
