"""What sequential programs hide about threads and programs running at once (sandbox/worker/interpreter_cas.py,
interpreter_races.py's tile lanes), by behaviour.

Red-team round 5 (tests/data/redteam_2026_11_27b) passed:
  * R5B_07: a "lock" taken by one `atomic_cas` with no retry: programs run one at a time, so every CAS finds
    it free; on a GPU a program finds it held and drops its partial. A program's first CASes at an address
    another program of the launch took now fail (they return what the holder swapped in; round 8's R8B_02
    tried twice, so not only the first: interpreter_cas.CONTENDED_TRIES);
  * R5B_08: a 1-D tile stored and reloaded as a 2-D tile with no `tl.debug_barrier()`: the flat positions
    agree, the threads holding them do not. A lane is a flat position *and* the tile's shape.
"""
from __future__ import annotations

import numpy as np
import pytest

from tritonrl.verifier_workers.sandbox.worker.interpreter_cas import CONTENDED_TRIES, LockContention
from tritonrl.verifier_workers.sandbox.worker.interpreter_races import RaceTracker, tile_lanes

from helpers import ROUND_5, redteam_case

LOCK = np.array([8256], dtype=np.uint64)


def test_a_cas_where_another_program_took_the_lock_may_fail_for_a_while():
    c = LockContention()
    c.next_program()
    assert not c.contended(LOCK).any()  # nobody took it yet: the first program gets it
    c.done(LOCK, np.array([True]))
    c.next_program()
    for _ in range(CONTENDED_TRIES):  # the first program may still hold it (round 8, R8B_02: not only once)
        assert c.contended(LOCK).all()
        c.done(LOCK, np.array([False]))
    assert not c.contended(LOCK).any()  # a spinlock's retries get it


def test_a_cas_that_swapped_nothing_takes_no_lock():
    c = LockContention()
    c.next_program()
    c.done(LOCK, np.array([False]))  # found another value (a flag set once): nothing held
    c.next_program()
    assert not c.contended(LOCK).any()


def test_a_tile_lane_is_its_flat_position_and_its_tiles_shape():
    flat = np.arange(4)
    assert (tile_lanes(flat, (4,)) == tile_lanes(flat, (1, 4))).all()  # size-1 dims do not move threads
    assert not (tile_lanes(flat, (4,)) == tile_lanes(flat, (2, 2)))[1:].any()
    assert tile_lanes(np.array([0]), ()) == tile_lanes(np.array([0]), (2, 2))[0]  # thread 0's, any shape


def test_reloading_a_1d_store_as_a_2d_tile_without_a_barrier_is_a_race():
    t = RaceTracker()
    t.next_program()
    addrs = 4096 + 4 * np.arange(4, dtype=np.uint64)
    t.lane_store(addrs, tile_lanes(np.arange(4), (4,)), None)
    t.lane_load(addrs, tile_lanes(np.arange(4), (4,)), 4)
    assert t.races == 0  # the same tile, the same positions
    t.lane_load(addrs, tile_lanes(np.arange(4), (2, 2)), 4)
    assert t.races == 1


@pytest.mark.heavy
@pytest.mark.parametrize("name, why", [("R5B_07_oneshot_cas_lock", "race"),  # a wrong output before the lane rules of round 7
                                       ("R5B_08_reshaped_tile_reread", "race")])
def test_concurrency_sequential_programs_hide_is_refused(runtime_only, name, why):
    task, code = redteam_case(name, ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and (why in verdict.violations or why in (verdict.error or "")), \
        (verdict.violations, verdict.error)
