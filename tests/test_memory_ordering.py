"""What orders memory between programs and launches under the interpreter, by behaviour
(sandbox/worker/interpreter_ordering.py, interpreter_races.py, launch_spec.py).

The race model is an allowlist of what the PTX memory model guarantees. Red-team round 6
(tests/data/redteam_2026_11_27c) passed three kernels the model took for ordered because it treated every
atomic as a GPU-scoped acq_rel and dropped launch options:
  * R6B_03: the ticket idiom with scope="cta" atomics: a CTA-scoped atomic orders nothing between programs
    (different CTAs), and is not even atomic for them;
  * R6B_07: a second launch with launch_pdl=True that never calls gdc_wait: it may run while the first
    launch's stores are not visible;
  * R6B_08: the last-ticket finaliser after an atomic with sem="release" only: its loads are not acquired.
Honest counterparts stay accepted: the ticket with the default sem/scope or an explicit acq_rel/gpu one, a
plain atomic_add accumulation, two launches without PDL, and PDL with gdc_wait before the first access.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.sandbox.worker.interpreter_access import element_bytes
from tritonrl.verifier_workers.sandbox.worker.interpreter_ordering import (ACQ_REL, CTA_SCOPED, GDC_LAUNCH_DEPENDENTS,
                                                                           GDC_WAIT, RELAXED, DependentLaunch, Order,
                                                                           atomic_order, gdc_instruction, launch_pdl)
from tritonrl.verifier_workers.sandbox.worker.interpreter_races import RaceTracker
from tritonrl.verifier_workers.sandbox.worker.launch_spec import launch_spec

from helpers import ROUND_6, redteam_case

TESTS = Path(__file__).resolve().parent
PARTS = 4096 + 4 * np.arange(4, dtype=np.uint64)  # four fp32 partials
COUNTER = np.array([8192], dtype=np.uint64)
OUT = np.array([9000], dtype=np.uint64)


def b(addrs: np.ndarray) -> np.ndarray:
    return element_bytes(addrs, 4)


class _Enum:  # what the interpreter hands the builder: IR enums printed as `MEM_SEMANTIC.ACQUIRE`
    def __init__(self, text: str):
        self.text = text

    def __str__(self) -> str:
        return self.text


def order(sem: str, scope: str) -> Order:
    return atomic_order(_Enum(f"MEM_SEMANTIC.{sem}"), _Enum(f"MEM_SYNC_SCOPE.{scope}"))


# ---------------------------------------------------------------- sem and scope

def test_only_a_scope_covering_other_programs_orders_them():
    assert order("ACQUIRE_RELEASE", "GPU") == ACQ_REL
    assert order("ACQUIRE_RELEASE", "SYSTEM") == ACQ_REL
    assert order("ACQUIRE_RELEASE", "CTA") == CTA_SCOPED  # programs are different CTAs
    assert not CTA_SCOPED.atomic and not CTA_SCOPED.acquire and not CTA_SCOPED.release


def test_release_publishes_acquire_sees_relaxed_orders_nothing():
    assert order("RELEASE", "GPU") == Order(atomic=True, acquire=False, release=True)
    assert order("ACQUIRE", "GPU") == Order(atomic=True, acquire=True, release=False)
    assert order("RELAXED", "GPU") == RELAXED
    assert atomic_order(None, None) == CTA_SCOPED  # unknown: nothing is guaranteed
    assert order("SEQ_CST", "GPU") == RELAXED  # a semantic the allowlist does not know orders nothing


def ticket(finaliser: Order, others: Order = ACQ_REL) -> RaceTracker:
    """Three programs store a partial and bump the counter; the last one then reads all partials."""
    t = RaceTracker()
    for k in range(3):
        t.next_program()
        t.store(b(PARTS[k:k + 1]))
        t.atomic(b(COUNTER), others)
    t.next_program()
    t.store(b(PARTS[3:4]))
    t.atomic(b(COUNTER), finaliser)
    t.load(b(PARTS))
    return t


def test_a_ticket_finaliser_whose_atomic_acquires_is_ordered():
    assert ticket(ACQ_REL).races == 0
    assert ticket(order("ACQUIRE", "GPU"), others=order("RELEASE", "GPU")).races == 0


def test_a_release_only_ticket_does_not_order_the_finalisers_loads():
    assert ticket(order("RELEASE", "GPU"), others=order("RELEASE", "GPU")).races > 0


def test_a_ticket_whose_partials_are_never_released_races():
    assert ticket(ACQ_REL, others=order("ACQUIRE", "GPU")).races > 0


def test_a_cta_scoped_ticket_races():
    assert ticket(CTA_SCOPED, others=CTA_SCOPED).races > 0


def test_atomic_accumulation_needs_a_gpu_scope_not_an_order():
    for how, races in ((RELAXED, 0), (ACQ_REL, 0), (CTA_SCOPED, 1)):
        t = RaceTracker()
        for _ in range(3):
            t.next_program()
            t.atomic(b(OUT), how)
        assert (t.races > 0) == bool(races), how


# ---------------------------------------------------------------- programmatic dependent launch

def test_a_pdl_launch_races_until_its_program_waits():
    d = DependentLaunch()
    d.begin(pdl=True)
    assert d.unsynchronised(4)
    d.wait()
    assert not d.unsynchronised(4)
    d.next_program()  # every program waits for itself
    assert d.unsynchronised(4)
    assert not d.unsynchronised(0)  # an access with no active lane touches nothing
    d.begin(pdl=False)
    assert not d.unsynchronised(4)  # an ordinary launch starts after the previous op finished


def test_gdc_instructions_are_known_other_assembly_is_not():
    assert gdc_instruction("griddepcontrol.wait; // dummy $0") == GDC_WAIT
    assert gdc_instruction("griddepcontrol.launch_dependents; // dummy $0") == GDC_LAUNCH_DEPENDENTS
    assert gdc_instruction("fence.acq_rel.gpu;") is None
    assert gdc_instruction(None) is None


def test_gdc_instructions_match_tritons_own():
    import inspect

    from triton.language.extra.cuda import gdc

    src = inspect.getsource(gdc)
    assert f'"{GDC_WAIT}; // dummy $0"' in src and f'"{GDC_LAUNCH_DEPENDENTS}; // dummy $0"' in src


def test_only_a_genuine_bool_turns_pdl_on():
    assert launch_pdl({"launch_pdl": True}) and launch_pdl({"launch_pdl": 1})
    assert not launch_pdl({}) and not launch_pdl({"launch_pdl": False})
    assert not launch_pdl({"launch_pdl": "yes"})  # refused by the compile stage instead (below)


# ---------------------------------------------------------------- launch options: an allowlist

def _kernel(x_ptr, n, BLOCK):  # stands for a kernel's signature
    return None


@pytest.mark.parametrize("option, value", [("num_warps", 4), ("num_stages", 2), ("num_ctas", 1), ("maxnreg", None),
                                           ("launch_pdl", True)])
def test_allowed_launch_options_compile(option, value):
    spec = launch_spec(_kernel, {"BLOCK"}, (), {"x_ptr": 1.0, "n": 3, "BLOCK": 64, option: value})
    assert "invalid" not in spec, spec


@pytest.mark.parametrize("option, value", [("ir_override", "k.ptx"), ("launch_cooperative_grid", True),
                                           ("extern_libs", {"libdevice": "x.bc"}), ("enable_fp_fusion", False),
                                           ("default_dot_input_precision", "bf16x3"), ("num_warps", 4.0),
                                           ("launch_pdl", "yes"), ("no_such_parameter", 1)])
def test_other_launch_options_are_refused_by_name(option, value):
    spec = launch_spec(_kernel, {"BLOCK"}, (), {"x_ptr": 1.0, "n": 3, "BLOCK": 64, option: value})
    assert option in spec.get("invalid", ""), spec


# ---------------------------------------------------------------- whole kernels (heavy: the verifier runs them)

CHEATS = ["R6B_03_cta_scope_ticket", "R6B_07_pdl_overlap_race", "R6B_08_release_only_ticket"]


def _variant(name: str, old: str, new: str) -> tuple[Task, str]:
    task, code = redteam_case(name, ROUND_6.name)
    assert old in code
    return task, code.replace(old, new)


HONEST = {
    "ticket_default_sem_scope": lambda: _variant(CHEATS[0], 'sem="acq_rel", scope="cta")', ")"),
    "ticket_acq_rel_gpu": lambda: _variant(CHEATS[2], 'sem="release")', 'sem="acq_rel", scope="gpu")'),
    "two_launches_without_pdl": lambda: _variant(CHEATS[1], ", launch_pdl=True)", ")"),
    "pdl_with_gdc_wait_first": lambda: _variant(CHEATS[1], "    mask = offs < n_cols\n    x = tl.load(",
                                                "    mask = offs < n_cols\n    tl.extra.cuda.gdc_wait()\n"
                                                "    x = tl.load("),
}


@pytest.mark.heavy
@pytest.mark.parametrize("name", CHEATS)
def test_round6_ordering_cheat_is_a_race(runtime_only, name):
    task, code = redteam_case(name, ROUND_6.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "race" in verdict.violations, (verdict.violations, verdict.error)


@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(HONEST))
def test_ordered_counterpart_is_accepted(runtime_only, name):
    task, code = HONEST[name]()
    verdict = runtime_only.verify(task, code)
    assert verdict.correct, (verdict.violations, verdict.error)


@pytest.mark.heavy
@pytest.mark.parametrize("task, name", [("matvec", "matvec__t05_split_k_atomic_add"),  # default sem and scope
                                        ("weighted_col_sum", "weighted_col_sum__zero_then_atomic_cache_hint")])
def test_plain_atomic_accumulation_is_accepted(runtime_only, task, name):
    ref = TESTS / "corpus" / "ref" / f"{task}.py"
    code = (TESTS / "corpus" / "honest" / f"{name}.py").read_text()  # the second: sem="relaxed"
    verdict = runtime_only.verify(Task(name=ref.stem, level=1, reference_src=ref.read_text()), code)
    assert verdict.correct, (verdict.violations, verdict.error)


def test_an_acquire_synchronises_only_with_a_release_at_its_address():
    # partials released by a bump of COUNTER; the finaliser's acquire is on a private address (a dummy fence)
    t = RaceTracker()
    t.next_program()
    t.store(b(PARTS[:1]))
    t.atomic(b(COUNTER), ACQ_REL)
    t.next_program()
    t.atomic(b(OUT), ACQ_REL)  # reads nothing another program released
    t.load(b(PARTS[:1]))
    assert t.races == 1
    t.atomic(b(COUNTER), ACQ_REL)  # reads the first program's release: synchronised
    t.load(b(PARTS[:1]))
    assert t.races == 1


def test_the_interpreter_runs_gdc_wait_as_a_marker():
    import sys

    import triton.language as tl

    from tritonrl.verifier_workers.sandbox.worker.interpreter_ordering import install_gdc

    mods = {tl.extra.cuda, sys.modules["triton.language.extra.cuda"]}
    saved = [(m, n, getattr(m, n)) for m in mods for n in ("gdc_wait", "gdc_launch_dependents")]
    waits = []
    try:
        install_gdc(lambda: waits.append(1))
        tl.extra.cuda.gdc_launch_dependents()  # a hint: no wait
        assert waits == []
        tl.extra.cuda.gdc_wait()
        sys.modules["triton.language.extra.cuda"].gdc_wait()  # `from triton.language.extra.cuda import ...`
        assert waits == [1, 1]
    finally:
        for m, n, f in saved:
            setattr(m, n, f)


def test_the_static_allowlist_takes_gdc_calls_in_kernels_only():
    """gdc_wait/gdc_launch_dependents are Triton operations: allowed inside a kernel (the race rules model
    them), refused in host code like any other `tl` operation."""
    from tritonrl.verifier_workers.static.checks import check_source

    kernel = ("import triton\nimport triton.language as tl\n\n\n@triton.jit\ndef k(x_ptr, BLOCK: tl.constexpr):\n"
              "    tl.extra.cuda.gdc_wait()\n    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)\n"
              "    tl.extra.cuda.gdc_launch_dependents()\n")
    assert not [x for x in check_source(kernel, None) if x.code == "not_allowlisted"]
    host = kernel + "\n\ndef wait():\n    tl.extra.cuda.gdc_wait()\n"
    found = [x for x in check_source(host, None) if x.code == "not_allowlisted"]
    assert found and "gdc_wait" in found[0].message, found
