"""Kernels that only the CPU interpreter runs right are refused at run time (sandbox/worker/interpreter_races.py,
interpreter_calls.py, watch.py's host-read budget).

The cases are cheats from the red-team round of 2026-11-26 (the second that day, written against the
allowlist without the corpus; tests/data/redteam_2026_11_26c): every one computes the right output under the
interpreter. Run with the static stage off, so the run-time check alone must catch each:
  * races sequential program order hides: a dummy atomic before a plain read-modify-write, a wide load over
    another program's narrow store, a one-byte store of its own over the accumulator, atomics publishing what
    plain loads read, two programs finalising the same output, a store flood past the tracker's capacity;
  * host Python a kernel reaches: `tl` or a builtin rebound after import, a jit name rebound, an alias, a host
    function passed as a constexpr on the enable_grad call only;
  * the output computed from host reads: `float(x[i])` over a tiny task, per-row `float()` reads, one
    complex128 read carrying four fp32 values.
The statically refused cheats of the same rounds are in test_allowlist.py.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tritonrl.tasks.task import Task

from helpers import redteam_case

DATA = Path(__file__).resolve().parent / "data"

RUNTIME = {
    "redteam_2026_11_26c/A01_rebound_tl.py": "kernel_host_call",
    "redteam_2026_11_26c/A02_shadow_builtin_min.py": "kernel_host_call",
    "redteam_2026_11_26c/A07_alias_first_wins.py": "kernel_host_call",
    "redteam_2026_11_26c/A08_jit_name_rebound.py": "kernel_host_call",
    "redteam_2026_11_26c/A14_grad_call_unrecorded.py": "kernel_host_call",
    "redteam_2026_11_26c/A03_atomic_sync_race.py": "race",
    "redteam_2026_11_26c/A04_track_limit_race.py": "race",
    "redteam_2026_11_26c/A10_blockptr_race.py": "race",
    "redteam_2026_11_26c/A11_program0_finalises.py": "race",
    "redteam_2026_11_26c/B04_dummy_atomic_rmw.py": "race",
    "redteam_2026_11_26c/B05_byte_alias_race.py": "torch_compute_runtime",  # its dtype view, since round 7
    "redteam_2026_11_26c/B06_track_limit_flood.py": "timeout in stage",  # since round 7 (see SLOW)
    # poisoned masked atomic returns made it wrong; since round 8 its output, finished on the host, is refused
    # first by output provenance
    "redteam_2026_11_26c/B07_xchg_publish_last_finalises.py": "host_output",
    "redteam_2026_11_26c/B13_own_byte_store_whitelist.py": "torch_compute_runtime",  # its dtype view
    "redteam_2026_11_26c/A13_host_scalar_reads.py": "torch_compute_runtime",
    "redteam_2026_11_26c/B09_host_rstd_item.py": "torch_compute_runtime",
    "redteam_2026_11_26c/B15_packed_complex_reads.py": "torch_compute_runtime",
    # the third round of the day (tests/data/redteam_2026_11_26d; its open/ folder holds what still passes)
    "redteam_2026_11_26d/D1_02_wraps_builtin_shadow.py": "kernel_host_call",
    "redteam_2026_11_26d/D1_03_alias_first_wins.py": "kernel_host_call",
    "redteam_2026_11_26d/D1_04_import_first_constexpr_sub.py": "kernel_host_call",
    "redteam_2026_11_26d/D1_05_fake_interpreted_function_arg.py": "kernel_host_call",
    "redteam_2026_11_26d/D1_08_fake_constexpr_arg.py": "kernel_host_call",
    "redteam_2026_11_26d/D1_09_fake_autotuner_fn.py": "kernel_host_call",
    "redteam_2026_11_26d/D1_10_closure_helper_freevar.py": "kernel_host_call",
    "redteam_2026_11_26d/D2_07_repr_int64_host.py": "torch_compute_runtime",
    "redteam_2026_11_26d/D2_08_own_bytes_touch.py": "race",
    "redteam_2026_11_26d/D3_04_blockptr_race.py": "race",
    "redteam_2026_11_26d/D2_03_lane_last_write.py": "race",  # lanes of one store, one address, different values
    "redteam_2026_11_26d/D2_05_scratch_no_barrier.py": "race",  # another lane's store read with no barrier
    "redteam_2026_11_26d/D2_04_lying_hints.py": "false_hint",
    "redteam_2026_11_26d/D2_01_pid0_release_finalise.py": "race",  # every program exchanges its own total
    "redteam_2026_11_26d/D2_02_atomic_lost_update.py": "race",  # read by atomic_or 0, write by atomic_xchg
}


def task_and_code(case: str) -> tuple[Task, str]:
    """`round/file.py` -> the cheat and its task (helpers.redteam_case)."""
    round_name, name = case.split("/")
    return redteam_case(name, round_name)


# The tracker flood no longer overflows into a race: since round 7 every load is tracked too, and the flood runs
# into the stage's 120 s timeout (refused, but with no violation: an open item). Outside CI's budget.
SLOW = {"redteam_2026_11_26c/B06_track_limit_flood.py"}


@pytest.mark.heavy
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.extended) if n in SLOW else n
                                  for n in sorted(RUNTIME)])
def test_interpreter_only_cheat_is_refused_at_run_time(runtime_only, name):
    task, code = task_and_code(name)
    verdict = runtime_only.verify(task, code)
    why = RUNTIME[name]
    assert not verdict.correct and (why in verdict.violations or why in (verdict.error or "")), \
        (verdict.violations, verdict.error)


def test_an_output_count_unlike_the_references_fails(runtime_only):
    """Two outputs where the reference returns one: compared call by call, call 2 would be checked against
    call 1's second output (red-team round 3, D3_10)."""
    task, code = task_and_code("redteam_2026_11_26d/D3_10_extra_output_misalign.py")
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "returns 2 outputs; the reference returns 1" in verdict.error, verdict.error


@pytest.mark.extended  # ~1.5 min; CI keeps test_memory_ordering's acq_rel ticket (make test-all runs this)
def test_the_honest_ticket_idiom_is_no_race(runtime_only):
    """Partials stored, a counter bumped (release), the program that sees the last count reads them (acquire)."""
    ref = (DATA / "redteam_2026_11_26c" / "refs" / "rowsum.py").read_text()
    code = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_ticket(x_ptr, part_ptr, count_ptr, out_ptr, n_cols, CHUNKS: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    c = tl.program_id(1)
    offs = c * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols, other=0.0)
    tl.store(part_ptr + row * CHUNKS + c, tl.sum(v, axis=0))
    ticket = tl.atomic_add(count_ptr + row, 1)
    if ticket == CHUNKS - 1:
        parts = tl.load(part_ptr + row * CHUNKS + tl.arange(0, CHUNKS))
        tl.store(out_ptr + row, tl.sum(parts, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        rows, cols = x.shape
        block = 16
        chunks = triton.next_power_of_2(triton.cdiv(cols, block))
        part = torch.zeros(rows * chunks, device=x.device, dtype=x.dtype)
        count = torch.zeros(rows, device=x.device, dtype=torch.int32)
        out = torch.empty(rows, device=x.device, dtype=x.dtype)
        rowsum_ticket[(rows, chunks)](x, part, count, out, cols, CHUNKS=chunks, BLOCK=block)
        return out
'''
    verdict = runtime_only.verify(Task(name="rowsum", level=1, reference_src=ref), code)
    assert verdict.correct, (verdict.violations, verdict.error)


def test_compiler_hints_are_checked_against_the_values_they_annotate():
    from tritonrl.verifier_workers.sandbox.worker.interpreter_hints import hint_holds

    offs = 32 * 3 + np.arange(32)  # pid * BLOCK + arange(BLOCK)
    assert hint_holds(offs, "tt.divisibility", [32]) and hint_holds(offs, "tt.contiguity", [32])
    assert not hint_holds(np.array(33), "tt.divisibility", [16])  # a scalar row length that is no multiple
    assert not hint_holds(7 * 3 + np.arange(16), "tt.divisibility", [16])  # the run starts at 21
    assert not hint_holds(np.arange(0, 32, 2), "tt.contiguity", [8])  # strided, not contiguous
    assert hint_holds(np.repeat(np.arange(4), 4), "tt.constancy", [4])
    assert not hint_holds(np.repeat(np.arange(4), 4), "tt.constancy", [8])
    ptrs = 4096 + 4 * np.arange(8, dtype=np.uint64)  # fp32 pointers: contiguous means 4 bytes apart
    assert hint_holds(ptrs, "tt.contiguity", [8], element_bytes=4)
    assert not hint_holds(ptrs, "tt.contiguity", [8], element_bytes=2)


def test_lanes_of_one_program_race_on_one_address_or_without_a_barrier():
    from tritonrl.verifier_workers.sandbox.worker.interpreter_races import RaceTracker

    def raw(values):  # the bytes view the store hook passes
        v = np.ascontiguousarray(np.asarray(values, dtype=np.float32))
        return v.view(np.uint8).reshape(v.size, -1)

    t, lanes = RaceTracker(), np.arange(4)
    t.lane_store(np.full(4, 64, dtype=np.uint64), lanes, raw([1.0, 1.0, 1.0, 1.0]))  # a broadcast scalar
    assert t.races == 0
    t.lane_store(np.full(4, 64, dtype=np.uint64), lanes, raw([1.0, 2.0, 3.0, 4.0]))  # which lane lands?
    assert t.races == 1
    t = RaceTracker()
    addrs = 1024 + 4 * np.arange(4, dtype=np.uint64)
    t.lane_store(addrs, lanes, raw([1, 2, 3, 4]))
    t.lane_load(addrs, lanes, 4)  # each lane reads back its own store
    assert t.races == 0
    t.lane_load(addrs[2:], lanes[:2], 4)  # lanes 0, 1 read what lanes 2, 3 stored
    assert t.races == 1
    t.lane_reset()  # tl.debug_barrier()
    t.lane_load(addrs[2:], lanes[:2], 4)
    assert t.races == 1


def test_exchanges_race_when_their_values_depend_on_program_order():
    from tritonrl.verifier_workers.sandbox.worker.interpreter_races import RaceTracker

    lock = np.array([512], dtype=np.uint64)
    zero, one = np.zeros((1, 4), np.uint8), np.ones((1, 4), np.uint8)
    t = RaceTracker()
    for _ in range(3):  # a spinlock's release: every program exchanges the same 0 back
        t.next_program()
        t.xchg(lock, zero)
    assert t.races == 0
    t.next_program()
    t.xchg(lock, one)  # a value of its own: the last exchange wins, and which is last is undefined
    assert t.races == 1
