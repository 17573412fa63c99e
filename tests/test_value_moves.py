"""Values the variants never moved (red-team round 9: R9A_01, R9A_07, R9A_08, R9A_14).

- the Python floats and ints get_inputs hands to forward are moved in new_seed (sandbox/worker/value_moves.py),
  the ints dropped first where the reference refuses them;
- a constant float input tensor (a zero hidden state, ones) is redrawn there, its sign kept;
- a float tensor among the init inputs (filter taps) is moved there;
- constant float buffers (running statistics at their init) are perturbed like constant parameters, a
  positive one kept positive, and moved by the weight update between calls (perturb.py, weight_update.py);
- the supervisor drops these moves where the reference refuses them (verifier._values_the_reference_takes).
Each with a small cheat that assumed the value and an honest twin that reads it.
"""
from __future__ import annotations

import types

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

from tritonrl.verifier_workers.funnel import init_values, variants
from tritonrl.verifier_workers.sandbox.worker.build import later_inputs, make_inputs, vary_init
from tritonrl.verifier_workers.sandbox.worker.perturb import perturb_candidate, perturb_reference
from tritonrl.verifier_workers.sandbox.worker.weight_update import update_candidate, update_reference

from helpers import ROUND_9, redteam_case

FACTORS = list(init_values.INIT_FACTORS)


def _ref(get_inputs) -> types.SimpleNamespace:
    return types.SimpleNamespace(get_inputs=get_inputs)


def test_new_seed_moves_forward_floats_redraws_constant_inputs_and_moves_init_tensors():
    new_seed = next(v for v in variants.multi_input_variants("", {}, [1, 2, 3], "cpu", True) if v.name == "new_seed")
    assert new_seed.input_factors and new_seed.input_ints and new_seed.redraw_constant and new_seed.init_tensors
    no_ints, plain = variants.without_value_moves(new_seed)
    assert not no_ints.input_ints and no_ints.input_factors and no_ints.redraw_constant
    assert not (plain.input_factors or plain.input_ints or plain.redraw_constant or plain.init_tensors)
    assert plain.init_factors == new_seed.init_factors  # the init floats stay moved
    assert variants.without_value_moves(plain) == []


def test_the_moves_are_dropped_where_the_reference_refuses_them():
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    new_seed = next(v for v in variants.multi_input_variants("", {}, [1, 2, 3], "cpu", True) if v.name == "new_seed")

    class Runs:  # the reference's reply on a variant: `bad` where it takes the moves named in `refuses`
        def __init__(self, bad, refuses):
            self.bad, self.refuses = bad, refuses

        def run_reference(self, ctx, var, stage):
            return (self.bad if any(getattr(var, k) for k in self.refuses) else {"ok": True}), []

    for bad, refuses, ints, rest in (
            ({"ok": True}, ("redraw_constant",), True, True),  # takes them all
            ({"ok": False}, ("input_ints",), False, True),  # an int it needs as it is: only the ints dropped
            ({"ok": True, "nonfinite": True}, ("redraw_constant",), False, False),  # a log of a zero input
            ({"ok": False}, ("init_tensors",), False, False)):
        got = Verifier._values_the_reference_takes(types.SimpleNamespace(runs=Runs(bad, refuses)), None, new_seed)
        assert got.input_ints == ints and got.redraw_constant == rest and bool(got.input_factors) == rest
        assert got.init_tensors == rest and got.init_factors == new_seed.init_factors


def test_a_forward_float_is_moved_and_a_scalar_baked_in_is_wrong():
    ref = _ref(lambda: [torch.randn(4, 8), 3.5, 2, True])
    a, s, k, b = make_inputs(ref, 5, "cpu", None, 1.0, value_factors=FACTORS)
    assert s == 3.5 * FACTORS[0] and k == 2 and b is True  # ints only on request
    assert make_inputs(ref, 5, "cpu", None, 1.0, value_factors=FACTORS, move_ints=True)[2:] == [3, True]
    assert torch.equal(a, make_inputs(ref, 5, "cpu", None, 1.0)[0])
    honest, baked = a * s, a * 3.5  # R9A_01: the verifier's own scalar written into the kernel
    assert not torch.allclose(honest, baked)
    later = later_inputs(ref, [a, s, k], 5, 1, "cpu", None, 1.0, False, False, 1.0, value_factors=FACTORS)
    assert later[1] == s  # a later call keeps the moved value


def test_a_constant_input_tensor_is_redrawn_keeping_its_sign():
    ref = _ref(lambda: [torch.randn(4, 8), torch.zeros(4, 6), torch.ones(4, 6), torch.full((3,), -2.0)])
    x, h, one, neg = make_inputs(ref, 5, "cpu", None, 1.0, redraw=True)
    assert torch.equal(x, make_inputs(ref, 5, "cpu", None, 1.0)[0])  # a random input stays as drawn
    assert h.std() > 0.5 and bool((one > 0).all()) and one.unique().numel() > 1 and bool((neg < 0).all())
    again = make_inputs(ref, 5, "cpu", None, 1.0, redraw=True)
    assert torch.equal(again[1], h)  # the same in both workers
    # R9A_07: an RNN cell that drops W_hh h (right only for a zero hidden state)
    torch.manual_seed(0)
    ih, hh = nn.Linear(8, 6), nn.Linear(6, 6)
    honest, cheat = torch.tanh(ih(x) + hh(h)), torch.tanh(ih(x) + hh.bias)
    assert not torch.allclose(honest, cheat, atol=1e-3)
    later = later_inputs(ref, [x, h, one, neg], 5, 1, "cpu", None, 1.0, False, False, 1.0, redraw=True)
    assert later[1].std() > 0.5  # a later call's fresh draw is redrawn too


def test_a_float_init_tensor_is_moved_per_element_and_other_init_inputs_keep_their_rules():
    taps = torch.tensor([0.25, 0.5, 0.25])
    moved, n, f = vary_init([taps, 16, 2.0], FACTORS, [], None, tensors=True)
    assert n == 16 and f == 2.0 * FACTORS[0]  # floats keep their own count
    assert not torch.allclose(moved, taps, atol=1e-3) and bool((moved > 0).all())
    assert not torch.allclose(moved / moved.sum(), taps / taps.sum(), atol=1e-3)  # no normalisation recovers it
    assert torch.equal(vary_init([taps], FACTORS, [], None, tensors=True)[0], moved)  # the same on both sides
    assert vary_init([taps], FACTORS, [])[0] is taps  # without `tensors`, as before
    idx = torch.arange(4)
    assert vary_init([idx], FACTORS, [], None, tensors=True)[0] is idx  # an int tensor is structure


class _BnRef(nn.Module):
    def __init__(self, c: int = 8):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(c))
        self.bias = nn.Parameter(torch.zeros(c))
        self.register_buffer("running_mean", torch.zeros(c))
        self.register_buffer("running_var", torch.ones(c))
        self.register_buffer("mask", torch.tril(torch.ones(c, c)))  # structure: left alone

    def forward(self, x):
        return F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias, False, 0.0, 1e-5)


class _BnHonest(_BnRef):
    """Reads its buffers (its own names for them)."""

    def __init__(self, c: int = 8):
        super().__init__(c)
        del self.running_mean, self.running_var
        self.register_buffer("mu", torch.zeros(c))
        self.register_buffer("var", torch.ones(c))

    def forward(self, x):
        return (x - self.mu) / torch.sqrt(self.var + 1e-5) * self.weight + self.bias


class _BnCheat(_BnRef):
    """R9A_08: normalises by the init statistics 0 and 1, never reading the buffers."""

    def forward(self, x):
        return x / (1 + 1e-5) ** 0.5 * self.weight + self.bias


def test_constant_buffers_are_perturbed_and_updated_so_baked_running_stats_fail():
    x = torch.randn(16, 8)
    for cls, right in ((_BnHonest, True), (_BnCheat, False)):
        ref, cand = _BnRef(), cls()
        params = perturb_reference(ref, 11)
        assert {p["name"] for p in params if p.get("buffer")} == {"running_mean", "running_var"}
        assert bool((ref.running_var > 0).all()) and ref.running_var.unique().numel() > 1
        assert torch.equal(ref.mask, torch.tril(torch.ones(8, 8)))
        assert perturb_candidate(cand, 11, params) == []
        moved = [p["name"] for p in params if p.get("buffer")]
        mod = types.ModuleType(f"vm_{cls.__name__}")
        for _ in range(2):  # the update after construction and before a later call
            before = ref.running_var.clone()
            update_candidate(cand, mod, update_reference(ref, False, moved))
            assert not torch.equal(ref.running_var, before) and bool((ref.running_var > 0).all())
            assert torch.allclose(ref(x), cand(x), atol=1e-5) == right, cls.__name__


@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R9A_01_forward_scalar_baked", "R9A_07_zero_hidden_state_assumed",
                                  "R9A_08_bn_running_stats_baked", "R9A_14_init_tensor_taps_baked",
                                  "R9A_04_init_uniform_scaled_weights"])
def test_round_9_cheats_on_values_no_variant_moved_are_refused(runtime_only, name):
    task, code = redteam_case(name, ROUND_9.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct, (verdict.error, verdict.violations)
    assert "wrong output" in (verdict.error or ""), verdict.error
