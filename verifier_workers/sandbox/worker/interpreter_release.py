"""Which release an acquire synchronises with (sandbox worker processes, TRITON_INTERPRET=1 only; a part of
interpreter_races.RaceTracker), and the sorted-address sets the tracker keeps.

In the PTX memory model an acquire that reads the value a release wrote makes visible the writes its program
made *before that release* (and, transitively, what that program had itself synchronised with), not every
store another program released somewhere. Counting a program as ordered after every released store once it
has acquired anywhere let a store published only by a *later* release at another address pass as ordered
(round 10, R10B_05: the first program to flip a row's flag, an acq_rel exchange, then zeroes the row's output
with a plain store that its later atomic add publishes; a second program that read the flag may add before the
zeroing on a GPU, and be wiped by it).

Contract (per launch, for the running program): `store(addrs)` a plain store; `release(addrs)` a releasing
atomic at those bytes, which publishes every earlier store of the program; `acquire(addrs)` the program used
the value of an acquiring atomic at bytes another program released at; `end_program()`; `hidden(a)`: whether
bytes `a` hit a finished program's store that no release this program synchronised with published. A release
over more than KEY_BYTES (an atomic accumulating a tile, not a flag or a counter) keeps the old rule: whoever
synchronised anywhere is ordered after what it published (memory and time stay bounded on atomic-heavy kernels).
"""
from __future__ import annotations

import numpy as np


def sorted_unique(a: np.ndarray) -> np.ndarray:
    """np.unique by sorting (numpy's hash-based unique was 6x slower on these address arrays)."""
    a = np.sort(a)
    keep = np.ones(a.size, dtype=bool)
    keep[1:] = a[1:] != a[:-1]
    return a[keep]


def merge_in(chunks: list[np.ndarray], new: list[np.ndarray]) -> None:
    """Add sorted unique addresses to a list of sorted chunks, merged geometrically: O(N log N) per launch."""
    if not new:
        return
    chunk = sorted_unique(np.concatenate(new))
    while chunks and len(chunks[-1]) <= 2 * len(chunk):
        chunk = sorted_unique(np.concatenate((chunks.pop(), chunk)))
    chunks.append(chunk)


def hits(a: np.ndarray, chunks: list[np.ndarray]) -> np.ndarray:
    """Which of `a` are in the chunks (each sorted and unique): a binary search, O(len(a) log chunk)."""
    hit = np.zeros(a.shape, dtype=bool)
    for chunk in chunks:
        if chunk.size:
            at = np.minimum(np.searchsorted(chunk, a), chunk.size - 1)
            hit |= chunk[at] == a
    return hit


ANY = -1  # the key of a release too wide to be a flag or a counter (an accumulating atomic on a tile)
KEY_BYTES = 64  # a release over more bytes than this publishes to every synchronised program (the old rule)


class ReleaseGroups:
    def __init__(self):
        self.groups: dict[frozenset, list[np.ndarray]] = {}  # release bytes -> finished programs' stores they published
        self.seen_at: dict[int, set] = {}  # a release's byte -> what its releasing programs had synchronised with
        self.mine: list[tuple[list[np.ndarray], set]] = []  # this program's published stores, the releases after them
        self.pending: list[np.ndarray] = []  # its stores since its last release
        self.visible: set[int] = {ANY}  # the release bytes it synchronised with, directly or transitively
        self.snapshots: dict[int, set] = {}  # its release bytes -> what it had synchronised with at that release

    def store(self, addrs: np.ndarray) -> None:
        self.pending.append(addrs)

    def release(self, addrs: np.ndarray) -> None:
        keys = set(np.unique(addrs).tolist()) if addrs.size <= KEY_BYTES else {ANY}
        for _, later in self.mine:  # a release publishes every earlier store, not only those since the last one
            later |= keys
        if self.pending:
            self.mine.append((self.pending, set(keys)))
            self.pending = []
        if len(self.visible) > 1:  # (what a later acquirer at these bytes also sees: only what was seen by now)
            for k in keys - {ANY}:
                self.snapshots.setdefault(k, set(self.visible))

    def acquire(self, addrs: list[int]) -> None:
        for a in addrs:
            self.visible.add(a)
            self.visible |= self.seen_at.get(a, set())

    def end_program(self) -> None:
        for stores, keys in self.mine:
            merge_in(self.groups.setdefault(frozenset(keys), []), stores)
        for a, seen in self.snapshots.items():
            self.seen_at.setdefault(a, set()).update(seen)
        self.mine, self.pending, self.visible, self.snapshots = [], [], {ANY}, {}

    def hidden(self, a: np.ndarray) -> bool:
        return any(not (keys & self.visible) and bool(hits(a, chunks).any()) for keys, chunks in self.groups.items())
