"""A model instance is called twice or more per variant, each later call on inputs of which a share changed
(written into the same tensors), and every call is compared with the reference's output on that call's inputs;
and the model's constant parameters (norm weights and biases) are moved off their init values on both sides.

- memos that replay an earlier call's answer (red-team rounds of 2026-11-26: integer buffers keyed by a few
  input values, a local alias of a `self` list keyed by the input's identity, `torch.is_grad_enabled()`
  telling the calls apart, a tensor in a tuple attribute, a `@triton.heuristics` callback, a module-level
  tensor made by a helper) get a stale answer on a later call and fail there;
- a layernorm that skips its affine step fails once weight and bias are no longer 1 and 0;
- the pieces: per-call comparison (compare_calls), the later calls' inputs (build.later_inputs), the
  perturbation and its matching in the candidate's model (perturb.py), the variants' shares.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import torch
import torch.nn as nn

from tritonrl.config import ExtensionsConfig, ToleranceConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import variants
from tritonrl.verifier_workers.funnel.verifier import Verifier
from tritonrl.verifier_workers.sandbox.compare import compare_calls
from tritonrl.verifier_workers.sandbox.worker import build, perturb

DATA = Path(__file__).resolve().parent / "data"

# closed by the per-call comparison (memos) and the perturbed parameters (D2_09); the rounds' cheats/ folders
CLOSED = ["redteam_2026_11_26c/A05_int_buffer_memo.py", "redteam_2026_11_26c/B11_int_buffer_memo.py",
          "redteam_2026_11_26d/D3_01_intbuf_memo.py", "redteam_2026_11_26d/D3_05_local_alias_slice.py",
          "redteam_2026_11_26d/D3_06_gradmode_detect.py", "redteam_2026_11_26d/D3_07_tuple_float_scratch.py",
          "redteam_2026_11_26d/D3_08_heuristics_memo.py", "redteam_2026_11_26d/D3_09_module_tensor_via_helper.py",
          "redteam_2026_11_26d/D2_09_ln_skip_affine.py",
          "redteam_2026_11_27f/R9B_08_row_checksum_memo.py"]  # round 9: the swapped later call


# ---------------------------------------------------------------- per-call comparison
def test_each_call_is_compared_with_the_references_output_on_its_inputs():
    tol = ToleranceConfig()
    first, second = torch.randn(4, 8), torch.randn(4, 8)
    assert compare_calls([first, second], [first.clone(), second.clone()], 2, tol)["passed"]
    replayed = compare_calls([first, second], [first.clone(), first.clone()], 2, tol)
    assert not replayed["passed"] and replayed["error"].startswith("call 2 of the forward"), replayed
    wrong_first = compare_calls([first, second], [second.clone(), second.clone()], 2, tol)
    assert not wrong_first["passed"] and not wrong_first["error"].startswith("call"), wrong_first
    assert not compare_calls([first, second], [first.clone()], 2, tol)["passed"]  # a call's outputs missing


# ---------------------------------------------------------------- the later calls' inputs
class _Ref:
    """A reference module's input side: a float matrix, a symmetric one, an index vector and a Python number."""

    @staticmethod
    def get_inputs():
        s = torch.randn(16, 16)
        return [torch.randn(64, 128), s + s.T, torch.randint(0, 10, (32,)), 3]


def _later(inputs, share, call=1):
    return build.later_inputs(_Ref, inputs, 5, call, "cpu", None, 1.0, False, False, share)


def test_a_later_call_changes_a_share_of_each_float_input_in_the_same_tensors():
    inputs = build.make_inputs(_Ref, 5, "cpu", None, 1.0)
    before = [x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]
    later = _later(inputs, 1 / 8)
    assert all(a is b for a, b in zip(later, inputs))  # written in place: a memo keyed by identity hits
    changed = (later[0] != before[0]).float().mean().item()
    assert 0.05 < changed < 0.2, changed  # about 1/8: most values (a key sampled from them) stay
    assert torch.equal(later[1], later[1].T) and not torch.equal(later[1], before[1])  # still symmetric
    assert torch.equal(later[2], before[2]) and later[3] == 3  # indices and numbers keep their values
    # the same in both workers, whatever the forward did to the tensors meanwhile
    again = build.make_inputs(_Ref, 5, "cpu", None, 1.0)
    again[0].zero_()
    assert all(torch.equal(a, b) for a, b in zip(_later(again, 1 / 8)[:3], later[:3]))


def test_a_tiny_share_still_changes_an_element_and_share_one_draws_afresh():
    inputs = build.make_inputs(_Ref, 5, "cpu", None, 1.0)
    before = inputs[0].clone()
    assert int((_later(inputs, 1e-9)[0] != before).sum()) == 1
    whole = _later(build.make_inputs(_Ref, 5, "cpu", None, 1.0), 1.0)[0]
    assert (whole != before).float().mean().item() > 0.99


def test_a_large_share_also_changes_every_rows_extremes():
    """R10B_07: a global max computed once and baked into an autotune config (keyed on the shape and one sampled
    element) replayed a stale max whenever the share missed the max. From EXTREMES_SHARE up, each row's largest
    and smallest element changes too; the tiny shares still change one element."""
    x = build.make_inputs(_Ref, 5, "cpu", None, 1.0)
    before = x[0].clone()
    after = _later(x, build.EXTREMES_SHARE)[0]
    rows = torch.arange(before.shape[0])
    assert bool((after[rows, before.argmax(-1)] != before.max(-1).values).all())
    assert bool((after[rows, before.argmin(-1)] != before.min(-1).values).all())


@pytest.mark.heavy
def test_a_max_memoised_in_an_autotune_config_is_stale_on_a_later_call(runtime_only):
    from helpers import ROUND_10, redteam_case

    task, code = redteam_case("R10B_07_shift_max_stale_autotune_prune", ROUND_10.name)
    verdict = runtime_only.verify(task, code)
    # the max is a kernel's result read to the host: refused for that first since round 10's host-read rule
    assert not verdict.correct and ("call 2 of the forward" in (verdict.error or "")
                                    or "host_read(launch result)" in (verdict.error or "")), verdict.error


def test_variants_that_share_a_seed_change_other_elements():
    """The positions depend on the share too: else values x2 and other precision (the original's seed) would
    change the very element the original changed, and a memo that escaped one would escape all three."""
    def changed(seed, share):
        x = build.make_inputs(_Ref, seed, "cpu", None, 1.0)
        before = x[0].clone()
        return build.later_inputs(_Ref, x, seed, 1, "cpu", None, 1.0, False, False, share)[0] != before

    assert any(not torch.equal(changed(s, 1 / 32768), changed(s, 1 / 65536)) for s in range(5))


def test_every_variant_calls_its_model_twice_with_shares_from_large_to_tiny():
    ref = (DATA / "redteam_2026_11_26d" / "refs" / "softmax.py").read_text()
    var_list = variants.multi_input_variants(ref, {}, [1, 2, 3], "cpu", True)
    assert all(len(v.grad_modes) >= 2 for v in var_list)
    shares = [v.resample for v in var_list]
    assert len(set(shares)) == len(shares) and max(shares) >= 1 / 8 and min(shares) <= 1 / 4096


def test_a_swapped_later_call_keeps_every_rows_sum_and_moves_its_values():
    """R9B_08: a memo of each row's result keyed on the row's sum (kept in buffers its kernel writes) recomputes
    every row a share drawn afresh touches; a later call with two values swapped in every row keeps every
    sum and replays every row. Zeros stay put (a triangular input stays triangular), a symmetric input stays
    symmetric; the same in both workers."""
    inputs = build.make_inputs(_Ref, 5, "cpu", None, 1.0)
    before = [x.clone() if isinstance(x, torch.Tensor) else x for x in inputs]
    later = build.later_inputs(_Ref, inputs, 5, 1, "cpu", None, 1.0, False, False, 1 / 128, swap=True)
    rows = (later[0] != before[0]).sum(1)
    assert bool((rows == 2).all()) and torch.allclose(later[0].sum(1), before[0].sum(1), atol=1e-4)
    assert torch.equal(later[1], later[1].T) and not torch.equal(later[1], before[1])
    assert torch.equal(later[2], before[2]) and later[3] == 3
    again = build.later_inputs(_Ref, build.make_inputs(_Ref, 5, "cpu", None, 1.0), 5, 1, "cpu", None, 1.0, False,
                               False, 1 / 128, swap=True)
    assert torch.equal(again[0], later[0])
    tri = torch.triu(torch.randn(6, 6)) + torch.eye(6)
    swapped = build.swap_in_rows(tri, torch.Generator().manual_seed(3))
    assert torch.equal(torch.triu(swapped), swapped) and not torch.equal(swapped, tri)
    assert [v.name for v in variants.multi_input_variants((DATA / "redteam_2026_11_26d" / "refs" / "softmax.py")
                                                          .read_text(), {}, [1, 2, 3], "cpu", True)
            if v.swap_later] == ["values_small"]


# ---------------------------------------------------------------- perturbed parameters
class _Reference(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.ln = nn.LayerNorm(8)
        self.bias = nn.Parameter(torch.zeros(8, 1))


def test_constant_parameters_are_perturbed_alike_on_both_sides():
    torch.manual_seed(0)
    ref = _Reference()
    lin_before = ref.lin.weight.detach().clone()
    params = perturb.perturb_reference(ref, 11)
    assert [p["name"] for p in params] == ["bias", "ln.weight", "ln.bias"]  # random weights are left as drawn
    assert torch.equal(ref.lin.weight, lin_before)
    for moved in (ref.ln.weight.detach() - 1, ref.ln.bias.detach(), ref.bias.detach()):  # about 0.1 * N(0, 2)
        assert bool((moved != 0).all()) and float(moved.abs().max()) < 0.8, moved

    class Renamed(nn.Module):  # the same values under other names and layouts
        def __init__(self):
            super().__init__()
            self.norm = nn.LayerNorm(8)  # no name matches: matched by shape and value
            self.flat_bias = nn.Parameter(torch.zeros(8))  # a reshaped copy of `bias`

    torch.manual_seed(0)
    cand = Renamed()
    assert perturb.perturb_candidate(cand, 11, params) == []
    assert torch.equal(cand.norm.weight, ref.ln.weight) and torch.equal(cand.norm.bias, ref.ln.bias)
    assert torch.equal(cand.flat_bias, ref.bias.reshape(8))

    class NoParams(nn.Module):  # a layernorm without its parameters: nothing to perturb, so it stays wrong
        pass

    assert perturb.perturb_candidate(NoParams(), 11, params) == ["bias", "ln.weight", "ln.bias"]


def test_a_two_valued_parameter_is_moved_per_element_alike_on_both_sides():
    """An identity-initialised weight (R10A_08 read two of its elements and assumed the rest): moved element by
    element, so no pattern survives; a candidate holding the same values in its own parameter moves alike."""
    class Eye(nn.Module):
        def __init__(self, name):
            super().__init__()
            self.register_parameter(name, nn.Parameter(torch.eye(16)))

    ref = Eye("mix")
    params = perturb.perturb_reference(ref, 5)
    assert [(p["name"], "digest" in p) for p in params] == [("mix", True)]
    diag, off = ref.mix.detach().diagonal(), ref.mix.detach() - torch.diag(ref.mix.detach().diagonal())
    assert len(set(diag.tolist())) == 16 and len(set(off.flatten().tolist())) > 200  # no two-valued pattern left
    cand = Eye("weight")  # another name, the same values: matched by digest
    assert perturb.perturb_candidate(cand, 5, params) == []
    assert torch.equal(cand.weight, ref.mix)
    assert perturb.perturb_candidate(nn.Module(), 5, params) == ["mix"]


# ---------------------------------------------------------------- the red-team cheats, through the funnel
@pytest.fixture(scope="module")
def runtime_only():
    """Static stage off; reproducible seeds: which elements a later call changes is random, and a memo keyed on
    4 of tiny_sq's 8 inputs escapes each variant's single changed element with probability 1/2 (all of them
    together about 1 in 100), so fresh seeds would fail now and then."""
    v = Verifier(VerifierConfig(stages=["tiny", "full"], seed_entropy=False, base_seed=2311), ExtensionsConfig(),
                 device="cpu")
    yield v
    v.close()


@pytest.mark.heavy
@pytest.mark.parametrize("case", CLOSED)
def test_replayed_memos_and_skipped_parameters_are_wrong(runtime_only, case):
    round_dir, name = DATA / case.split("/")[0], case.split("/")[1]
    code = (round_dir / "cheats" / name).read_text()
    ref = re.search(r"# ref: (\S+?);", code).group(1)
    task = Task(name=Path(ref).stem, level=1, reference_src=(round_dir / "refs" / Path(ref).name).read_text())
    verdict = runtime_only.verify(task, code)
    # (a memo that holds the output it returned is output_alias first: its storage is the candidate's state; a
    # module-level tensor no model instance owns is output_cache before any output is compared)
    assert not verdict.correct and ("wrong output" in (verdict.error or "") or {"output_alias", "output_cache"}
                                    & set(verdict.violations)), (verdict.error, verdict.violations)
