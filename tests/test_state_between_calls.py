"""State a candidate keeps between forward calls (red-team round 5, tests/data/redteam_2026_11_27b): every
tensor it holds, of any dtype and wherever held (containers, module globals), is poisoned when a call changed
it (sandbox/worker/state_poison.py); an output replayed bit for bit while the reference's changed is
`output_cache` (sandbox/compare.stale_call); and the task's reduced precisions come from dtypes, not from the
word "half" in the reference (static/ref_precision.py)."""
import types

import pytest
import torch

from tritonrl.verifier_workers.sandbox.compare import stale_call
from tritonrl.verifier_workers.sandbox.worker.state_poison import StateGuard, reachable_tensors
from tritonrl.verifier_workers.static.checks import check_source
from tritonrl.verifier_workers.static.ref_precision import reference_precisions

from helpers import ROUND_5, redteam_case


# ---------------------------------------------------------------- what the poisoning reaches and does


class _Holder:
    def __init__(self, t):
        self.t = t


def _module(**globals_) -> types.ModuleType:
    mod = types.ModuleType("cand_mod")
    mod.__dict__.update(globals_)
    return mod


def test_tensors_in_containers_objects_and_globals_are_reached():
    a, b, c, d, e, f = (torch.zeros(1) for _ in range(6))
    model = torch.nn.Module()
    model.scratch = [a, (b, {"k": c})]
    model.helper = _Holder(d)
    mod = _module(_BANK=[e], _CFG={"s": {f}})  # a list and a set inside a dict, at module level
    found = reachable_tensors([model, mod.__dict__], "cand_mod")
    assert all(any(t is x for x in found) for t in (a, b, c, d, e, f))


def test_changed_state_is_poisoned_and_unchanged_or_zero_state_is_not():
    model = torch.nn.Module()
    model.register_buffer("memo", torch.zeros(4, dtype=torch.int32))  # changed by the call: random bits
    model.register_buffer("lock", torch.zeros(4, dtype=torch.int32))  # untouched: kept
    model.cache = [torch.zeros(3)]                                     # a float memo in a list: NaN
    guard = StateGuard(model, _module())
    model.memo.copy_(torch.tensor([1, 2, 3, 4], dtype=torch.int32))
    model.cache[0].fill_(5.0)
    model.fresh = torch.zeros(2, dtype=torch.int32)                    # new and all zero: holds nothing
    model.fresh_float = torch.ones(2)                                  # new float: NaN
    assert guard.poison() == 3
    assert not torch.equal(model.memo, torch.tensor([1, 2, 3, 4], dtype=torch.int32))  # (2**-128 to fail)
    assert torch.equal(model.lock, torch.zeros(4, dtype=torch.int32))
    assert torch.isnan(model.cache[0]).all() and torch.isnan(model.fresh_float).all()
    assert torch.equal(model.fresh, torch.zeros(2, dtype=torch.int32))
    assert guard.poison() == 0  # nothing changed since: nothing to poison


def test_a_module_global_memo_is_poisoned():
    bank = [torch.zeros(4)]
    guard = StateGuard(torch.nn.Module(), _module(_BANK=bank))
    bank[0].fill_(2.0)
    assert guard.poison() == 1 and torch.isnan(bank[0]).all()


# ---------------------------------------------------------------- stale output


def test_stale_call_by_hand():
    r1, r2 = torch.tensor([1.0]), torch.tensor([1.0001])
    c1 = torch.tensor([1.0])
    assert stale_call([r1, r2], [c1, c1.clone()])               # candidate unchanged, reference moved
    assert not stale_call([r1, r1.clone()], [c1, c1.clone()])   # neither moved: the change did not matter
    assert not stale_call([r1, r2], [c1, torch.tensor([1.0001])])  # both moved
    # the reference moved by 2 ulps (a loss over many terms, one redrawn): rounding, an honest kernel may keep its
    # bits (honest/bce_logits__two_stage_partials.py was refused on the CPU before this); 64 eps x |out| is not
    two_ulps = torch.nextafter(torch.nextafter(r1, torch.tensor([2.0])), torch.tensor([2.0]))
    assert not stale_call([r1, two_ulps], [c1, c1.clone()])
    assert stale_call([r1, r1 * (1 + 100 * torch.finfo(torch.float32).eps)], [c1, c1.clone()])


def test_a_swap_that_keeps_the_exact_sum_is_no_stale_call():
    """A total whose terms cancel: two of its 4096 values swapped keeps the exact sum, yet torch's fp32 sum moves
    by more than STALE_EPS of the small total through rounding (CI, R8B_04's honest twin, values_small). Judged
    on the float64 outputs, nothing moved; a change of the inputs that moves the exact sum still counts."""
    g = torch.Generator().manual_seed(0)
    x = torch.randn(4096, generator=g, dtype=torch.float64) * 100
    x[-1] -= x.sum()  # the exact total is 0 up to float64 rounding: fp32 sums of it cancel
    x32 = x.float()
    moves = 0
    for seed in range(64):  # a swap that moves torch's fp32 total past 64 eps x |total| (rounding alone)
        i, j = torch.randperm(4096, generator=torch.Generator().manual_seed(seed))[:2].tolist()
        y32 = x32.clone()
        y32[i], y32[j] = x32[j], x32[i]
        r1, r2 = x32.sum().reshape(1), y32.sum().reshape(1)
        e1, e2 = x32.double().sum().reshape(1), y32.double().sum().reshape(1)
        c = torch.tensor([float(r1)])
        if stale_call([r1, r2], [c, c.clone()]):
            moves += 1
            assert not stale_call([r1, r2], [c, c.clone()], exact=[e1, e2])
    assert moves  # the fp32 check alone would have refused some of these
    r1, r2 = torch.tensor([0.5]), torch.tensor([0.5])
    assert stale_call([r1, r2], [r1, r1.clone()], exact=[torch.tensor([0.5], dtype=torch.float64),
                                                         torch.tensor([0.75], dtype=torch.float64)])


# ---------------------------------------------------------------- the task's precision


@pytest.mark.parametrize("src,expected", [
    ("half = x.shape[1] // 2\ny = x[:, :half]\n'''each half of the row'''", set()),
    ("self.half = 4\nz = self.half", set()),
    ("y = x.to(torch.half)", {"float16"}),
    ("y = x.half()", {"float16"}),
    ("y = x.to(torch.bfloat16)", {"bfloat16"}),  # bfloat16 is no float16
    ("y = torch.randn(4, dtype='float16')", {"float16"}),
    ("from torch import float16\ny = x.to(float16)", {"float16"}),
    ("y = x.to(torch.float8_e4m3fn)", {"float8"}),
])
def test_reference_precisions_are_dtypes_not_words(src, expected):
    assert set(reference_precisions(src)) == expected


def test_fp16_math_in_an_fp32_task_whose_reference_says_half_is_a_downgrade():
    task, code = redteam_case("R5C_06_halfsoftmax_fp16_by_ref_word", ROUND_5.name)
    assert "precision_downgrade" in [x.code for x in check_source(code, task.reference_src)]


# ---------------------------------------------------------------- the round-5 cheats through the verifier


def test_a_weight_fold_cached_in_a_list_attribute_is_refused(runtime_only):
    task, code = redteam_case("R5C_05_twolinear_fold", ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "call 2" in (verdict.error or ""), (verdict.violations, verdict.error)


@pytest.mark.extended
@pytest.mark.parametrize("name", ["R5C_04_matmul_x2memo", "R5C_10_mse_sample_keyed_memo"])
def test_round5_state_memos_are_refused(runtime_only, name):
    task, code = redteam_case(name, ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct, (verdict.violations, verdict.error)


@pytest.mark.extended
def test_a_sample_keyed_memo_is_output_cache(runtime_only):
    task, code = redteam_case("R5C_10_mse_sample_keyed_memo", ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "output_cache" in verdict.violations, (verdict.violations, verdict.error)
