"""Accesses a GPU does not order, caught by one rule (sandbox/worker/interpreter_lanes.py, interpreter_races.py).

Two accesses of one byte race when at least one writes, they come from different lanes of one program with no
`tl.debug_barrier()` between, or from different programs with no release/acquire chain, and they are not both
atomics of one commutative operation. Red-team round 7 (tests/data/redteam_2026_11_27d) passed six kernels the
earlier rules did not pair:
  * R7B_05 / R7B_07: lanes atomically add into a scratch slot and plain-load it back with no barrier;
  * R7B_06: several lanes atomic_xchg different values into one slot (which lands last is undefined);
  * R7B_08: "the last program finalises" with relaxed atomics: the finaliser's atomic read of the total is not
    ordered after the other programs' relaxed adds (an order-dependent atomic result that the kernel uses);
  * R7B_09: an in-place flip: a lane stores over an element another lane has yet to load (write-after-read);
  * R7B_10: a program stores over an element another program read (a cross-program write-after-read).
Honest counterparts stay accepted: a lane reading back its own store, atomic accumulation from many lanes, an
in-place update by the same lane, and the ticket idiom with ordered atomics (relaxed adds before a release).
"""
from __future__ import annotations

import numpy as np
import pytest

from tritonrl.verifier_workers.sandbox.worker.interpreter_access import element_bytes
from tritonrl.verifier_workers.sandbox.worker.interpreter_lanes import LaneTracker
from tritonrl.verifier_workers.sandbox.worker.interpreter_ordering import ACQ_REL, RELAXED, watch_use
from tritonrl.verifier_workers.sandbox.worker.interpreter_races import RaceTracker

from helpers import ROUND_7, redteam_case

ROW = 4096 + 4 * np.arange(4, dtype=np.uint64)  # four fp32 elements
SLOT = np.full(4, 8192, dtype=np.uint64)  # every lane at one address
LANES = np.arange(4)
ACC = np.array([9000], dtype=np.uint64)
COUNTER = np.array([9100], dtype=np.uint64)


def raw(values) -> np.ndarray:
    """The bytes view the hooks hand the trackers (one row per lane)."""
    v = np.ascontiguousarray(np.asarray(values, dtype=np.float32))
    return v.view(np.uint8).reshape(v.size, -1)


# ---------------------------------------------------------------- lanes of one program

def test_a_plain_load_of_another_lanes_atomic_needs_a_barrier():
    t = LaneTracker()
    assert t.write(ROW, LANES, raw([1, 2, 3, 4]), "fadd") == 0
    assert t.read(ROW, LANES, 4) == 0  # each lane its own element
    assert t.read(ROW[::-1], LANES, 4) == 1  # R7B_05: the mirrored element is another warp's atomic
    t = LaneTracker()
    t.write(SLOT, LANES, raw([1, 2, 3, 4]), "fadd")  # R7B_07: every lane adds into one slot...
    assert t.read(SLOT[:1], LANES[:1], 4) == 1  # ...even lane 0 may read before the others' adds
    t.reset()  # tl.debug_barrier()
    assert t.read(SLOT[:1], LANES[:1], 4) == 0


def test_lanes_of_one_atomic_race_only_if_it_does_not_commute():
    assert LaneTracker().write(SLOT, LANES, raw([1, 2, 3, 4]), "fadd") == 0  # accumulation: any order
    assert LaneTracker().write(SLOT, LANES, raw([1, 2, 3, 4]), "max") == 0
    assert LaneTracker().write(SLOT, LANES, raw([1, 2, 3, 4]), "xchg") == 1  # R7B_06: which lane lands last
    assert LaneTracker().write(SLOT, LANES, raw([0, 0, 0, 0]), "xchg") == 0  # the same value from all
    t = LaneTracker()
    t.write(SLOT[:2], LANES[:2], raw([1, 2]), "max")  # Triton's float atomic_max: MAX on the non-negatives...
    assert t.write(SLOT[:2], LANES[2:], raw([-1, -2]), "umin") == 0  # ...UMIN on the negatives' bits
    t = LaneTracker()
    t.write(SLOT[:1], LANES[:1], raw([1]), "fadd")
    assert t.write(SLOT[:1], LANES[1:2], raw([2]), "fadd") == 0  # two adds of different lanes commute
    assert t.write(SLOT[:1], LANES[2:3], raw([3]), "xchg") == 1  # an exchange after another lane's add


def test_an_atomic_result_depends_on_lane_order_where_other_lanes_wrote():
    t = LaneTracker()
    t.write(ROW, LANES, raw([1, 2, 3, 4]), "fadd")
    assert not t.dependent  # each lane its own element: its old value is its own
    t.write(ROW[::-1], LANES, raw([0, 0, 0, 0]), "fadd")  # atomic_add(p + rev, 0): another lane's element
    assert t.dependent
    t = LaneTracker()
    t.write(SLOT, LANES, raw([1, 1, 1, 1]), "add")  # four lanes take tickets from one counter
    assert t.dependent


def test_a_store_over_what_another_lane_loaded_is_a_race():
    t = LaneTracker()
    t.read(ROW, LANES, 4)
    assert t.write(ROW, LANES, raw([1, 2, 3, 4])) == 0  # in place, each lane its own element
    t = LaneTracker()
    t.read(ROW[::-1], LANES, 4)  # R7B_09: every lane loads its mirrored element...
    assert t.write(ROW, LANES, raw([1, 2, 3, 4])) == 1  # ...which another lane overwrites
    t = LaneTracker()
    t.read(ROW[::-1], LANES, 4)
    t.reset()
    assert t.write(ROW, LANES, raw([1, 2, 3, 4])) == 0  # a barrier between the load and the store


def test_a_scalar_partial_read_back_by_lane_zero_is_no_race():
    t = RaceTracker()
    t.next_program()
    t.lane_store(ACC, np.array([0]), raw([5.0]), "fadd", 4)
    t.lane_load(ACC, np.array([0]), 4)
    assert t.races == 0


# ---------------------------------------------------------------- programs of one launch

def test_a_store_over_another_programs_read_is_a_race_unless_ordered():
    t = RaceTracker()
    t.next_program()
    t.load(element_bytes(ROW[:1], 4))  # R7B_10: the reader runs first in reversed order
    t.next_program()
    t.store(element_bytes(ROW[:1], 4))
    assert t.races == 1
    t = RaceTracker()
    t.next_program()
    t.load(element_bytes(ROW[:1], 4))
    t.atomic(element_bytes(COUNTER, 4), ACQ_REL)  # the reader releases after its read
    t.next_program()
    t.atomic(element_bytes(COUNTER, 4), ACQ_REL)  # the writer acquires that release first
    t.store(element_bytes(ROW[:1], 4))
    assert t.races == 0


def test_a_program_overwriting_only_its_own_reads_is_no_race():
    t = RaceTracker()
    for k in range(4):
        t.next_program()
        t.load(element_bytes(ROW[k:k + 1], 4))
        t.store(element_bytes(ROW[k:k + 1], 4))
    assert t.races == 0


def mse(add: object, ticket: object) -> list[bool]:
    """Three programs add a partial into ACC and take a ticket; the last reads ACC with an atomic."""
    t, seen = RaceTracker(), []
    for _ in range(3):
        t.next_program()
        t.atomic(element_bytes(ACC, 4), add)
        seen.append(t.atomic(element_bytes(COUNTER, 4), ticket))
    seen.append(t.atomic(element_bytes(ACC, 4), ticket))
    return seen


def test_an_atomic_reads_other_programs_atomics_in_order_only_after_an_acquire_of_their_release():
    assert mse(RELAXED, RELAXED)[-1]  # R7B_08: the total read may miss relaxed adds
    assert any(mse(RELAXED, RELAXED)[:-1])  # the relaxed tickets' values are order-dependent too
    assert not any(mse(ACQ_REL, ACQ_REL))
    assert not any(mse(RELAXED, ACQ_REL))  # relaxed adds before a releasing ticket are published by it


def test_an_order_dependent_atomic_result_counts_only_when_used():
    from triton.runtime.interpreter import TensorHandle
    import triton.language as tl

    used = []
    h = watch_use(TensorHandle(np.array([3], dtype=np.int32), tl.int32), lambda: used.append(1))
    assert used == []  # an accumulating atomic's result, dropped unread
    assert int(h.data[0]) == 3 and int(h.data[0]) == 3
    assert used == [1]  # counted once, on the first read


# ---------------------------------------------------------------- whole kernels (heavy: the verifier runs them)

ROUND7 = ["R7B_05_flip_atomic_scratch", "R7B_06_sublast_xchg_lastlane", "R7B_07_center_atomic_nobarrier",
          "R7B_08_mse_relaxed_ticket", "R7B_09_flip_inplace_war", "R7B_10_diff_crossprog_war"]


@pytest.mark.extended
@pytest.mark.heavy
@pytest.mark.parametrize("name", ROUND7)
def test_round7_unordered_access_is_a_race(runtime_only, name):
    task, code = redteam_case(name, ROUND_7.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "race" in verdict.violations, (verdict.violations, verdict.error)
