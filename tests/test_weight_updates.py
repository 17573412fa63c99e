"""Weights that change between forward calls, and state the tensor checks missed (red-team round 8: R8A_04,
R8A_05, R8A_06, R8A_07, R8C_06).

- a weight update (sandbox/worker/weight_update.py) moves every float parameter, the same on both sides, before
  each forward call: copies of parameters in any layout follow, values derived from them (a fold) go stale;
- a parameter's `.grad` is in the state poisoner's reach (state_poison.py);
- Python values a forward writes in the candidate's classes or module objects are named (python_state.py);
- the float buffers the reference's first forward changes (BatchNorm's running statistics in training mode) must
  be held by the candidate's model after its first call (buffer_updates.py; red-team round 10, R10B_10).
"""
from __future__ import annotations

import sys
import types

import pytest
import torch
import torch.nn as nn

from tritonrl.verifier_workers.sandbox.worker import buffer_updates
from tritonrl.verifier_workers.sandbox.worker.python_state import PythonState
from tritonrl.verifier_workers.sandbox.worker.state_poison import StateGuard, reachable_tensors
from tritonrl.verifier_workers.sandbox.worker.weight_update import update_candidate, update_reference

from helpers import ROUND_10, honest_twin, redteam_case

ROUND_8 = "redteam_2026_11_27e"


class _LinearScale(nn.Module):
    """The reference of linear_scale: a GEMM, then a learned per-feature scale."""

    def __init__(self):
        super().__init__()
        self.gemm = nn.Linear(12, 10)
        self.scale = nn.Parameter(torch.randn(10) * 0.02)

    def forward(self, x):
        return self.gemm(x) * self.scale


def _module(name: str) -> types.ModuleType:
    mod = types.ModuleType(name)
    sys.modules[name] = mod
    return mod


def _pair(cand_cls):
    torch.manual_seed(3)
    ref = _LinearScale()
    torch.manual_seed(3)
    cand = cand_cls()
    return ref, cand


def _update_both(ref, cand, mod_name: str) -> None:
    entries = update_reference(ref)
    update_candidate(cand, _module(mod_name), entries)


def test_the_update_moves_every_parameter_and_keeps_outputs_well_scaled():
    torch.manual_seed(0)
    ref = _LinearScale()
    x = torch.randn(4, 12)
    before = ref(x).detach()
    old = [p.detach().clone() for p in ref.parameters()]
    update_reference(ref)
    for p, o in zip(ref.parameters(), old):
        assert bool((p.detach() != o).all())
        assert 0.01 < float((p.detach() - o).norm() / o.norm()) < 0.5  # about 5% of the weight's scale, plus the gain
    after = ref(x).detach()
    assert bool(torch.isfinite(after).all()) and 0.5 < float(after.norm() / before.norm()) < 2


class _Honest(nn.Module):
    """Keeps the parameters and a transposed copy of the weight (a layout of its own), reads only those."""

    def __init__(self):
        super().__init__()
        self.gemm = nn.Linear(12, 10)
        self.scale = nn.Parameter(torch.randn(10) * 0.02)
        self.register_buffer("wt", self.gemm.weight.detach().t().contiguous())

    def forward(self, x):
        return (x @ self.wt + self.gemm.bias) * self.scale


class _Folded(nn.Module):
    """R8A_05: the scale folded into the GEMM weight and bias at construction; forward never reads `scale`."""

    def __init__(self):
        super().__init__()
        self.gemm = nn.Linear(12, 10)
        self.scale = nn.Parameter(torch.randn(10) * 0.02)
        s = self.scale.detach()
        self.register_buffer("wf", self.gemm.weight.detach() * s[:, None])
        self.register_buffer("bf", self.gemm.bias.detach() * s)

    def forward(self, x):
        return x @ self.wf.t() + self.bf


def test_a_copy_of_a_parameter_follows_the_update_and_a_fold_goes_stale():
    x = torch.randn(4, 12)
    ref, honest = _pair(_Honest)
    assert torch.allclose(ref(x), honest(x), atol=1e-6)  # before: both right
    _update_both(ref, honest, "wu_honest")
    assert torch.allclose(ref(x), honest(x), atol=1e-6)
    assert torch.equal(honest.wt, ref.gemm.weight.detach().t())
    ref, folded = _pair(_Folded)
    assert torch.allclose(ref(x), folded(x), atol=1e-6)  # right as long as the weights never change
    _update_both(ref, folded, "wu_folded")
    assert not torch.allclose(ref(x), folded(x), atol=1e-3)


def test_a_packed_and_padded_copy_follows_element_by_element():
    class Packed(_LinearScale):
        def __init__(self):
            super().__init__()
            w, b = self.gemm.weight.detach(), self.gemm.bias.detach()
            self.register_buffer("wb", torch.cat([torch.cat([w, b[:, None]], 1), torch.zeros(10, 3)], 1))

    ref, cand = _pair(Packed)
    _update_both(ref, cand, "wu_packed")
    w, b = ref.gemm.weight.detach(), ref.gemm.bias.detach()
    assert torch.equal(cand.wb[:, :12], w) and torch.equal(cand.wb[:, 12], b)
    assert bool((cand.wb[:, 13:] == 0).all())  # the padding stays zero


class _ScaledLinear(nn.Module):
    """The reference of R9A_04 (linear_scale): a GEMM, then a constant scale of the init inputs."""

    def __init__(self, scale: float = 2.0):
        super().__init__()
        self.gemm = nn.Linear(12, 10)
        self.scale = scale

    def forward(self, x):
        return self.gemm(x) * self.scale


class _ScaleInWeights(_ScaledLinear):
    """R9A_04: the scale folded into the parameters themselves (drawn with scaled bounds at construction)."""

    def __init__(self, scale: float = 2.0):
        super().__init__(scale)
        with torch.no_grad():
            self.gemm.weight.mul_(scale)
            self.gemm.bias.mul_(scale)

    def forward(self, x):
        return self.gemm(x)


class _FusedParameter(_ScaledLinear):
    """Honest: weight and bias packed into one parameter of its own (its RMS is the task's S)."""

    def __init__(self, scale: float = 2.0):
        super().__init__(scale)
        self.wb = nn.Parameter(torch.cat([self.gemm.weight.detach(), self.gemm.bias.detach()[:, None]], 1))
        del self.gemm

    def forward(self, x):
        return (x @ self.wb[:, :12].t() + self.wb[:, 12]) * self.scale


def test_a_scale_folded_into_a_parameter_does_not_commute_with_the_update():
    x = torch.randn(4, 12)
    for cls, right in ((_ScaleInWeights, False), (_FusedParameter, True)):
        torch.manual_seed(3)
        ref = _ScaledLinear()
        torch.manual_seed(3)
        cand = cls()
        assert torch.allclose(ref(x), cand(x), atol=1e-5)  # right as long as the weights never change
        _update_both(ref, cand, f"wu_{cls.__name__}")
        # the verifier's fp32 tolerance: the packed parameter moves by S, within 1e-3 of the reference's own
        assert torch.allclose(ref(x), cand(x), atol=1e-2, rtol=1e-2) == right, cls.__name__


def test_an_identity_weight_stops_being_the_identity():
    class Eye(nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = nn.Parameter(torch.eye(16))

    ref, cand = Eye(), Eye()
    update_candidate(cand, _module("wu_eye"), update_reference(ref))
    assert torch.equal(ref.weight, cand.weight)
    off = ref.weight.detach()[~torch.eye(16, dtype=torch.bool)]
    assert bool((off != 0).all()) and not torch.allclose(ref.weight.diagonal(), torch.ones(16), atol=0.02)


def test_a_fold_kept_in_a_parameters_grad_is_reached_and_poisoned():
    torch.manual_seed(0)
    model = _LinearScale()
    model.gemm.weight.grad = torch.zeros_like(model.gemm.weight)
    assert any(t is model.gemm.weight.grad for t in reachable_tensors([model], "nothing"))
    mod = _module("wu_grad")
    guard = StateGuard(model, mod)
    model.gemm.weight.grad.copy_(model.gemm.weight.detach() * 2)  # a forward keeps a fold there
    assert guard.poison() == 1
    assert bool(torch.isnan(model.gemm.weight.grad).all()) and bool(torch.isfinite(model.gemm.weight).all())


def test_python_state_written_in_a_class_or_module_object_is_named():
    mod = _module("wu_python_state")
    exec("class NormMemo:\n    key = None\n    inv = 1.0\n\nCONFIG = {'block': 128}\nBLOCK = 64\n"
         "class Holder:\n    pass\n\nHOLD = Holder()\n", mod.__dict__)
    state = PythonState(mod)
    assert state.writes() == []
    mod.NormMemo.key = (0.25, 40, 48)  # R8A_07: a memo keyed on one weight element
    mod.NormMemo.inv = 0.5
    assert state.writes()[:3] == ["NormMemo.inv", "NormMemo.key", "NormMemo.key[0]"]
    mod.HOLD.seen = 1
    mod.CONFIG["block"] = 256
    assert {"HOLD.seen", "CONFIG['block']"} <= set(state.writes())
    assert state.writes() == []  # nothing new since the last record


def test_names_triton_s_interpreter_adds_to_a_kernel_module_are_not_state():
    interp = pytest.importorskip("triton.runtime.interpreter")
    mod = _module("wu_interp")
    state = PythonState(mod)
    for name, value in list(vars(interp).items())[:50]:  # what FunctionRewriter copies on a launch
        mod.__dict__.setdefault(name, value)
    assert state.writes() == []


# ---------------------------------------------------------------- the round-8 cases, through the funnel
@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R8A_04_fold_cached_across_calls", "R8A_05_fold_in_constructor",
                                  "R8A_06_fold_hidden_in_grad", "R8A_07_class_memo_weight_norm",
                                  "R8C_06_identity_weight_skip"])
def test_round_8_weight_state_cheats_are_refused(runtime_only, name):
    task, code = redteam_case(name, ROUND_8)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct, (verdict.error, verdict.violations)
    assert "wrong output" in (verdict.error or "") or "output_cache" in verdict.violations, verdict.error


# ---------------------------------------------------------------- buffers the forward changes (round 10, R10B_10)
class _GemmBn(nn.Module):
    def __init__(self):
        super().__init__()
        self.gemm = nn.Linear(8, 6)
        self.bn = nn.BatchNorm1d(6)

    def forward(self, x):
        return self.bn(self.gemm(x))


def _first_call(model, x) -> list[dict]:
    """The reference's side of a run's first call: the entries its reply carries."""
    before, result = buffer_updates.snapshot(model), {}
    model(x)
    buffer_updates.after_first_call(model, before, {"check": False}, result, {})
    return result["ref_buffer_updates"]


def _candidate_check(model, entries) -> dict:
    info: dict = {"violations": [], "compute_ops": {}}
    buffer_updates.after_first_call(model, None, {"check": True, "ref_buffer_updates": entries}, {}, info)
    return info


def test_the_running_statistics_a_forward_changes_must_be_left_by_the_candidate():
    """The reference reports the float buffers its first call changed (not num_batches_tracked, an integer);
    a candidate whose model holds them (under any name, reshaped) passes, one that left them stale, or moved
    them by the biased variance or another momentum, misses them, named."""
    torch.manual_seed(0)
    ref, x = _GemmBn(), torch.randn(5, 8) * 2 + 1
    stale = {k: v.clone() for k, v in ref.bn.state_dict().items()}
    entries = _first_call(ref, x)
    assert [e["name"] for e in entries] == ["bn.running_mean", "bn.running_var"]

    cand = _GemmBn()
    cand.bn.load_state_dict(stale)
    info = _candidate_check(cand, entries)
    assert info["violations"] == [buffer_updates.VIOLATION]
    assert set(info["compute_ops"]) == {"buffer:bn.running_mean", "buffer:bn.running_var"}

    h = ref.gemm(x).detach()  # (the weights the reference's first call saw)
    mean, var = h.mean(0), h.var(0)  # unbiased, as torch's running_var
    m = ref.bn.momentum
    cand.register_buffer("rm", ((1 - m) * stale["running_mean"] + m * mean).reshape(2, 3))
    cand.register_buffer("rv", (1 - m) * stale["running_var"] + m * var)
    assert _candidate_check(cand, entries)["violations"] == []
    cand.rv.copy_((1 - m) * stale["running_var"] + m * h.var(0, unbiased=False))  # biased: 1/(N-1) off
    assert _candidate_check(cand, entries)["compute_ops"] == {"buffer:bn.running_var": 1}
    cand.rv.copy_((1 - 2 * m) * stale["running_var"] + 2 * m * var)  # another momentum
    assert _candidate_check(cand, entries)["compute_ops"] == {"buffer:bn.running_var": 1}


def test_a_reference_whose_forward_changes_no_buffer_asks_nothing():
    """No buffers (a Linear), or buffers its forward only reads (BatchNorm in eval mode): no entries, and a
    candidate holding nothing passes."""
    torch.manual_seed(0)
    x = torch.randn(5, 8)
    assert _first_call(nn.Linear(8, 6), x) == []
    assert _first_call(_GemmBn().eval(), x) == []
    assert _candidate_check(nn.Linear(8, 6), [])["violations"] == []


RUNNING_STATS = [  # R10B_10's kernel, also updating running_mean/running_var as torch does (unbiased variance)
    ("bn_train_kernel(x_ptr, w_ptr, b_ptr, o_ptr, N, C, HW, eps, BLOCK: tl.constexpr):",
     "bn_train_kernel(x_ptr, w_ptr, b_ptr, o_ptr, rm_ptr, rv_ptr, N, C, HW, eps, momentum, BLOCK: tl.constexpr):"),
    ("    rstd = 1.0 / tl.sqrt(var + eps)\n",
     "    rstd = 1.0 / tl.sqrt(var + eps)\n"
     "    tl.store(rm_ptr + c, (1.0 - momentum) * tl.load(rm_ptr + c) + momentum * mean)\n"
     "    tl.store(rv_ptr + c, (1.0 - momentum) * tl.load(rv_ptr + c) + momentum * var * total / (total - 1))\n"),
    ("(x, self.bn.weight, self.bn.bias, out, N, C, H * W, self.bn.eps, BLOCK=512)",
     "(x, self.bn.weight, self.bn.bias, out, self.bn.running_mean, self.bn.running_var, N, C, H * W,\n"
     "                                 self.bn.eps, self.bn.momentum, BLOCK=512)"),
]


@pytest.mark.heavy
def test_a_batchnorm_that_never_updates_its_running_statistics_is_refused(runtime_only):
    """R10B_10: training-mode BatchNorm by batch statistics, right outputs, running_mean/running_var never
    updated: refused as buffer_not_updated, the buffers named."""
    task, code = redteam_case("R10B_10_batchnorm_skip_running_stats", ROUND_10.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and buffer_updates.VIOLATION in verdict.violations, (verdict.error, verdict.violations)
    assert "buffer:bn.running_mean" in (verdict.error or ""), verdict.error


@pytest.mark.heavy
@pytest.mark.extended  # 59 s on 2 cores in CI; the buffer matching's unit cases above run in CI (make test-all)
def test_the_same_batchnorm_updating_its_running_statistics_is_accepted(runtime_only):
    task, code = redteam_case("R10B_10_batchnorm_skip_running_stats", ROUND_10.name)
    verdict = runtime_only.verify(task, honest_twin("R10B_10", code, RUNNING_STATS))
    assert verdict.correct, (verdict.error, verdict.violations)
