"""State out of the state poisoner's reach: C-level caches and `__slots__` objects (red-team round 6, R6C_01 and
R6C_04), and which `functools.lru_cache` uses are allowed (static/cache_rules.py, sandbox/worker/state_poison.py).
"""
from __future__ import annotations

import functools
import sys
import types

import pytest
import torch

from tritonrl.verifier_workers.sandbox.worker.state_poison import StateGuard, reachable_tensors
from tritonrl.verifier_workers.static.checks import check_source

from helpers import ROUND_6, redteam_case

CACHED = '''
import functools
import torch
import triton


@functools.lru_cache(maxsize=None)
def _num_sms() -> int:
    return 4


@functools.lru_cache(maxsize=64)
def _grid(M, N, BM: int = 64):
    blocks = triton.cdiv(M, BM)
    return (blocks, triton.cdiv(N, BM))
'''


def _codes(src: str) -> list[str]:
    return [v.code for v in check_source(src)]


def test_an_lru_cache_of_launch_parameters_is_allowed():
    assert "output_cache" not in _codes(CACHED)


@pytest.mark.parametrize("body", [
    "    return {}",                      # R6C_01: a store the poisoner could not see
    "    d = dict()\n    return d",
    "    return [torch.empty(4)]",
    "    return torch.zeros(n)",
    "    out = Bank()\n    return out",     # an object of the file's classes
    "    global SEEN\n    SEEN = n\n    return n",
])
def test_an_lru_cache_that_can_hold_containers_tensors_or_objects_is_output_cache(body):
    src = ("import functools\nimport torch\n\n\nclass Bank:\n    pass\n\n\n"
           f"@functools.lru_cache(maxsize=None)\ndef cached(n=1):\n{body}\n")
    assert "output_cache" in _codes(src), body


def _module(name: str, **globs) -> types.ModuleType:
    mod = types.ModuleType(name)
    mod.__dict__.update(globs)
    sys.modules[name] = mod
    return mod


class _Slots:
    __slots__ = ("bank",)


def test_tensors_in_slots_caches_and_partials_are_reached():
    slots = _Slots()
    slots.bank = torch.zeros(3)

    @functools.lru_cache(maxsize=None)
    def store():
        return {0: torch.ones(2)}

    store()
    part = functools.partial(max, torch.full((1,), 7.0))
    found = reachable_tensors([slots, store, part], "nothing")
    assert {float(t.sum()) for t in found} == {0.0, 2.0, 7.0}


def test_module_state_names_the_globals_holding_tensors_no_model_owns():
    slots = _Slots()
    slots.bank = torch.zeros(3)

    @functools.lru_cache(maxsize=None)
    def grid(m):
        return (m + 1) // 2

    grid(5)
    model = torch.nn.Linear(2, 2)
    try:
        mod = _module("trl_state_reach_a", _BANK=slots, grid=grid, SHARED=model.weight)
        # a model's own parameter reached from a global is still the instance's; the slots bank is not
        assert StateGuard(model, mod).module_state() == ["_BANK"]
        clean = _module("trl_state_reach_b", grid=grid)
        assert StateGuard(model, clean).module_state() == []
    finally:
        sys.modules.pop("trl_state_reach_a", None)
        sys.modules.pop("trl_state_reach_b", None)


def test_an_autotuners_copies_of_launch_arguments_are_triton_s_not_state():
    # `restore_value` makes Triton's autotuner clone the launch's arguments (`restore_copies`, `nargs`): on a GPU
    # an honest in-place epilogue was refused `output_cache` for them (H200, 2026-11-28); a tensor the candidate
    # hangs on the autotuner itself is still reached
    import triton
    import triton.language as tl

    @triton.autotune(configs=[triton.Config({"B": 16})], key=["n"], restore_value=["y"])
    @triton.jit
    def kernel(y, n, B: tl.constexpr):
        pass

    kernel.restore_copies = {"y": torch.ones(4)}
    kernel.nargs = {"y": torch.ones(4)}
    assert reachable_tensors([kernel], "nothing") == []
    kernel.memo = torch.full((2,), 3.0)
    assert [float(t.sum()) for t in reachable_tensors([kernel], "nothing")] == [6.0]


@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R6C_01_twolinear_fold_in_lru_cache", "R6C_04_matmul_slots_bank"])
def test_round_6_state_outside_the_poisoners_reach_is_output_cache(runtime_only, name):
    """Run time alone (static stage off): the cache's dict and the slots bank are module state."""
    task, code = redteam_case(name, ROUND_6.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "output_cache" in verdict.violations, (verdict.violations, verdict.error)
    assert "module_state:" in (verdict.error or ""), verdict.error


def test_round_6_lru_cache_store_is_refused_statically():
    _, code = redteam_case("R6C_01_twolinear_fold_in_lru_cache", ROUND_6.name)
    assert "output_cache" in _codes(code)
