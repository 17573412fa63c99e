"""Races between the programs of one interpreted launch (sandbox/worker/interpreter_races.py), by behaviour.

The red-team round of 2026-11-27 (tests/data/redteam_2026_11_27) passed three races that sequential program
order hides even with reversed order:
  * an atomic read (`atomic_add(p, 0)`) of partials other programs plain-stored and never released: an atomic
    reads as well as writes, so another program's plain store there must be ordered before it, as for a load;
  * "the first and the last program both finalise" behind an ignored ticket: the finaliser that runs first
    read partials a later program then stored;
  * a plain read-modify-write of one accumulator between two dummy acquire/release atomics: fences order,
    they do not exclude, so two programs' updates can interleave (a lost update).
The last two are one rule: a store over bytes another program read after synchronising is a race unless the
storing program holds a lock (a CAS that succeeded where another program of the launch released).
Honest idioms stay accepted: atomic accumulation, the ticket idiom (the program holding the last ticket
reads the partials, and may overwrite them), a CAS spinlock around a read-modify-write.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel.verifier import Verifier
from tritonrl.verifier_workers.sandbox.worker.interpreter_ordering import ACQ_REL, RELAXED
from tritonrl.verifier_workers.sandbox.worker.interpreter_races import RaceTracker

from helpers import redteam_case

TESTS = Path(__file__).resolve().parent

RUNTIME = {
    "R4B_01_first_program_finalises.py": "race",  # a finaliser's partials stored after it read them
    "R4B_02_atomic_read_partials.py": "race",  # atomic_add(p, 0) reads unreleased plain stores
    "R4B_10_dummy_atomic_sandwich.py": "race",  # read-modify-write between dummy fences: no exclusion
}

PARTS = 4096 + 4 * np.arange(4, dtype=np.uint64)  # four fp32 partials, as byte addresses below
COUNTER = np.array([8192], dtype=np.uint64)
LOCK = np.array([8256], dtype=np.uint64)
OUT = np.array([9000], dtype=np.uint64)


def b(addrs: np.ndarray) -> np.ndarray:
    """The bytes of fp32 elements at `addrs` (what the hooks hand the tracker)."""
    return (addrs[:, None] + np.arange(4, dtype=np.uint64)[None, :]).ravel()


def verify(verifier: Verifier, ref: Path, code: str):
    return verifier.verify(Task(name=ref.stem, level=1, reference_src=ref.read_text()), code)


@pytest.mark.extended  # the round-4 cheats one by one: `make test-all` (CI runs the rules' unit tests)
@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(RUNTIME))
def test_round4_race_is_refused_at_run_time(runtime_only, name):
    task, code = redteam_case(name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and RUNTIME[name] in verdict.violations, (verdict.violations, verdict.error)


@pytest.mark.heavy
def test_a_cas_spinlock_around_a_read_modify_write_is_no_race(runtime_only):
    code = (TESTS / "corpus" / "honest" / "total_sum__atomic_cas_spinlock.py").read_text()
    verdict = verify(runtime_only, TESTS / "corpus" / "ref" / "total_sum.py", code)
    assert verdict.correct, (verdict.violations, verdict.error)


# ---------------------------------------------------------------- atomics read what they update

def test_an_atomic_reading_another_programs_unreleased_store_is_a_race():
    t = RaceTracker()
    t.store(b(PARTS[1:2]))  # a middle slice's partial, never released
    t.next_program()
    t.atomic(b(COUNTER), ACQ_REL)  # acquired, but the partial's program released nothing
    assert t.races == 0
    t.atomic(b(PARTS), ACQ_REL)  # atomic_add(parts, 0): a read of the partial
    assert t.races == 1


def test_an_atomic_over_a_released_store_read_after_an_acquire_is_ordered():
    t = RaceTracker()
    t.store(b(PARTS[1:2]))
    t.atomic(b(COUNTER), ACQ_REL)  # released
    t.next_program()
    t.atomic(b(PARTS), ACQ_REL)  # no acquire before it: the release on the counter is not its own
    assert t.races == 1
    t = RaceTracker()
    t.store(b(PARTS[1:2]))
    t.atomic(b(COUNTER), ACQ_REL)
    t.next_program()
    t.atomic(b(COUNTER), ACQ_REL)
    t.atomic(b(PARTS), ACQ_REL)
    assert t.races == 0


def test_atomic_accumulation_by_every_program_is_no_race():
    t = RaceTracker()
    for _ in range(4):
        t.next_program()
        t.load(b(PARTS))  # its own input
        t.atomic(b(OUT), ACQ_REL)
        t.atomic(b(OUT), RELAXED)  # relaxed accumulation too
    assert t.races == 0


# ---------------------------------------------------------------- stores over what another program read

def test_a_store_over_partials_an_earlier_finaliser_read_is_a_race():
    t = RaceTracker()
    t.store(b(PARTS[3:4]))
    t.atomic(b(COUNTER), ACQ_REL)  # the ticket, ignored
    t.load(b(PARTS))  # finalises at once: reads partials nobody stored yet
    t.store(b(OUT))
    t.next_program()
    t.atomic(b(COUNTER), ACQ_REL)  # even an acquire first does not make the finaliser wait
    assert t.races == 0
    t.store(b(PARTS[2:3]))
    assert t.races == 1


def test_a_read_modify_write_between_dummy_fences_is_a_race():
    t = RaceTracker()
    for _ in range(2):
        t.next_program()
        t.atomic(b(COUNTER), ACQ_REL)  # "acquire"
        t.load(b(OUT))
        t.store(b(OUT))
        t.atomic(b(COUNTER), ACQ_REL)  # "release"
    assert t.races == 1


def test_a_read_modify_write_under_a_cas_lock_is_no_race():
    t = RaceTracker()
    for _ in range(3):
        t.next_program()
        t.atomic(b(LOCK), ACQ_REL)  # atomic_cas(lock, 0, 1) found 0: taken
        t.acquire(b(LOCK), took=True)
        t.load(b(OUT))
        t.store(b(OUT))
        t.atomic(b(LOCK), ACQ_REL)  # atomic_xchg(lock, 0)
    assert t.races == 0


def test_a_cas_on_an_address_no_other_program_released_is_no_lock():
    t = RaceTracker()
    t.atomic(b(COUNTER), ACQ_REL)
    t.load(b(OUT))
    t.store(b(OUT))
    t.atomic(b(COUNTER), ACQ_REL)
    t.next_program()
    t.atomic(b(LOCK), ACQ_REL)
    t.acquire(b(LOCK), took=True)  # a fresh address: nobody held it, nobody is excluded
    t.load(b(OUT))  # a race too: its acquire read no release (the release was at COUNTER)
    assert t.races == 1
    t.store(b(OUT))  # over what the first program read after acquiring
    assert t.races == 2


def test_the_last_ticket_reads_and_overwrites_the_partials_without_a_race():
    t = RaceTracker()
    for i in range(4):
        t.next_program()
        t.load(b(OUT))  # an input of its own (no other program stores it)
        t.store(b(PARTS[i:i + 1]))
        t.atomic(b(COUNTER), ACQ_REL)  # its ticket; only the last holder goes on
        if i == 3:
            t.load(b(PARTS))
            t.store(b(PARTS))  # reset for the next call
            t.store(b(OUT + 64))
    assert t.races == 0


def test_the_last_ticket_may_reset_a_counter_others_only_updated_atomically():
    t = RaceTracker()
    for i in range(4):
        t.next_program()
        t.store(b(PARTS[i:i + 1]))
        t.atomic(b(COUNTER), ACQ_REL)
    t.store(b(COUNTER))  # the last ticket's holder: tl.store(count_ptr, 0) for the next call
    assert t.races == 0


def test_an_atomic_read_feeding_a_plain_store_is_a_read_modify_write():
    t = RaceTracker()
    for _ in range(2):
        t.next_program()
        t.atomic(b(COUNTER), ACQ_REL)  # "acquire"
        t.atomic(b(OUT), ACQ_REL)  # cur = atomic_add(out, 0)
        t.store(b(OUT))  # out = cur + part
        t.atomic(b(COUNTER), ACQ_REL)  # "release"
    assert t.races == 1



def test_the_order_of_programs_is_shuffled_with_neither_end_last():
    """Round 10, R10A_02: under the old reversed order program 0 always ran last, so "program 0 finalises"
    without reading its ticket summed every partial. Each launch now runs its programs in an order drawn per
    launch from a seed no candidate sees, never ending with the first or the last program."""
    from tritonrl.verifier_workers.sandbox.worker import interpreter_reorder

    orders = []
    for _ in range(6):
        interpreter_reorder.new_launch()
        order = interpreter_reorder.program_order(24)
        assert sorted(order.tolist()) == list(range(24)) and order[-1] not in (0, 23)
        orders.append(tuple(order.tolist()))
    assert len(set(orders)) > 1


def test_a_used_one_element_atomic_is_a_barrier_of_the_programs_lanes():
    """The ticket's last program reading the partial one of its lanes stored before the ticket: the backend hands
    a scalar atomic's result to the other threads through shared memory behind a bar.sync, so on a GPU the lanes
    are ordered there (R8B_04's honest twin was a lane race under any order but the reversed one)."""
    from tritonrl.verifier_workers.sandbox.worker import interpreter_races

    ran = []
    tracker = interpreter_races.TRACKER
    tracker.lane_reset = lambda: ran.append(1)  # (an instance attribute over the method)
    try:
        hooks = interpreter_races.atomic_use_hooks(False, RELAXED, np.arange(4, dtype=np.uint64), scalar=True)
        plain = interpreter_races.atomic_use_hooks(False, RELAXED, np.arange(4, dtype=np.uint64))
        for hook in hooks + plain:
            hook()
    finally:
        del tracker.lane_reset
    assert ran == [1] and plain == []


@pytest.mark.heavy
def test_a_finaliser_that_never_reads_its_ticket_is_refused(runtime_only):
    from helpers import ROUND_10

    task, code = redteam_case("R10A_02_ticket_pid0_finaliser", ROUND_10.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "race" in verdict.violations, (verdict.error, verdict.violations)
