"""Kernels right only at the sizes and init values the verifier used to pick (red-team round 5,
tests/data/redteam_2026_11_27b, R5C_01/02/07/08/09):
- every free size grows in one of the larger variants (larger_shapes, larger_other_dims, larger_more_dims);
- (strict_shapes off) a declined larger variant is tried once more at other sizes (declined_retry);
- a wrong answer at shrunken sizes from a run that stayed inside its tensors fails the tiny stage;
- new_seed moves each float init input by its own factor and the ints used as values by one.
"""
import pytest

from tritonrl.verifier_workers.funnel import init_values, variants
from tritonrl.verifier_workers.funnel.runs import wrong_in_bounds
from tritonrl.verifier_workers.sandbox.worker.build import vary_init

from helpers import ROUND_5, redteam_case

MATMUL = (ROUND_5 / "refs" / "matmul.py").read_text()
SOFTMAX = (ROUND_5 / "refs" / "softmax.py").read_text()


# ------------------------------------------------------------------ sizes
def test_the_second_larger_variant_grows_the_sizes_the_first_left_alone():
    plan = variants.larger_plan(MATMUL, {}, 0)
    assert [set(p) for p in plan] == [{"M", "K"}, {"N"}]  # N grows alone, by a larger factor
    names = [v.name for v in variants.multi_input_variants(MATMUL, {}, [1, 2, 3], "cpu", True)]
    assert names[4:6] == ["larger_shapes", "larger_other_dims"]
    five = "import torch\na = 2\nb = 3\nc = 4\nd = 5\ne = 6\n" \
           "def get_inputs():\n    return [torch.randn(a, b, c, d, e)]\n"
    for seed in range(6):  # every one of five sizes grows, two at a time, in three variants
        plan = variants.larger_plan(five, {}, seed)
        assert [len(p) for p in plan] == [2, 2, 1] and set().union(*plan) == set("abcde")


def test_a_declined_larger_variant_is_retried_at_sizes_no_multiple_of_the_first():
    larger = variants.Variant("larger_shapes", {"batch_size": 48, "dim": 512}, 7)
    for seed, step in ((0, 1), (1, 3), (2, 5), (3, 7), (4, 1)):
        retry = variants.declined_retry(larger, {}, SOFTMAX, seed)
        assert retry.name == "larger_shapes_retry"
        assert retry.overrides == {"batch_size": 48 + step, "dim": 512 + step}
        assert retry.overrides["dim"] % 256 and retry.overrides["dim"] % 512
    assert variants.declined_retry(variants.Variant("other_precision", {}, 1, dtype="float16"), {}, SOFTMAX, 0) is None


# ------------------------------------------------------------------ tiny stage
def test_a_wrong_answer_in_bounds_at_shrunken_sizes_is_final_on_the_interpreter_only():
    wrong = {"name": "tiny", "error": "wrong output: output 0: 3/3 elements differ"}
    assert wrong_in_bounds("cpu", dict(wrong), {"ok": True, "stray_reads": 0, "stray_writes": 0})
    # out of bounds (no masks at sizes the kernel was not written for): the full stage decides
    assert not wrong_in_bounds("cpu", dict(wrong), {"ok": True, "stray_reads": 1, "stray_writes": 0})
    # a stray store is dropped (interpreter_bounds.py): it lands nowhere, so it explains no wrong element
    assert wrong_in_bounds("cpu", dict(wrong), {"ok": True, "stray_reads": 0, "stray_writes": 2})
    assert not wrong_in_bounds("cpu", dict(wrong), {"ok": True, "stray_writes": 0})  # loads not checked
    assert not wrong_in_bounds("cuda", dict(wrong), {"ok": True, "stray_reads": 0, "stray_writes": 0})
    raised = {"name": "tiny", "error": "runtime error: ValueError: size"}
    assert not wrong_in_bounds("cpu", raised, {"ok": True, "stray_reads": 0, "stray_writes": 0})


# ------------------------------------------------------------------ init values
def test_new_seed_moves_each_float_by_its_own_factor_and_value_ints_by_one():
    # by hand: 1.5 * 0.75, 0.5 * 0.6, int 3 at a value position -> 4, int 7 elsewhere kept, a bool kept
    assert init_values.INIT_FACTORS[:2] == (0.75, 0.6)
    assert vary_init([1.5, 0.5, 3, 7, True], list(init_values.INIT_FACTORS), [2]) == [1.125, 0.3, 4, 7, True]
    assert vary_init([-2], [], [0]) == [-3]  # away from zero: a divisor never becomes 0
    assert len(set(init_values.INIT_FACTORS)) == len(init_values.INIT_FACTORS)
    assert all(0 < f < 1 for f in init_values.INIT_FACTORS)  # a probability stays one


def _ref(init_body: str, forward: str, inits: str = "[k]") -> str:
    return ("import torch\nimport torch.nn as nn\nk = 3\n"
            "class Model(nn.Module):\n"
            f"    def __init__(self, k):\n        super().__init__()\n{init_body}\n"
            f"    def forward(self, x):\n        return {forward}\n"
            "def get_inputs():\n    return [torch.randn(4, 8)]\n"
            f"def get_init_inputs():\n    return {inits}\n")


@pytest.mark.parametrize("init_body,forward,moved", [
    ("        self.k = k", "torch.relu(x) / self.k", [0]),  # a divisor: a value
    ("        self.k = k", "x * self.k + x", [0]),
    ("        self.k = k", "x.sum(dim=self.k - 2)", []),  # a dim
    ("        self.k = k", "x[:, :self.k]", []),  # a slice bound
    ("        self.k = k", "x.view(-1, self.k * 2)", []),  # a shape
    ("        self.k = k", "x / (x.shape[1] * self.k)", []),  # beside a size
    ("        self.k = k", "x * (self.k + 1)", [0]),  # beside a literal: still a value
    ("        self.lin = nn.Linear(8, k)", "self.lin(x)", []),  # sizes a layer
    ("        self.k = k\n        self.p = k // 2", "x / self.k", [0]),  # followed through self.p
    ("        self.k = k\n        self.z = torch.zeros(k)", "x / self.k", []),  # sizes a tensor
    ("        self.k = k", "torch.roll(x, self.k, 1)", [0]),  # a rotation's shift: a value (R7C_01)
    ("        self.k = k", "x.roll(self.k, 1)", [0]),
    ("        self.k = k", "torch.roll(x, shifts=self.k, dims=1)", [0]),
    ("        self.k = k", "torch.roll(x, 2, self.k - 2)", []),  # its dims stay sizes
    ("        self.act = nn.Hardtanh(-k, k)", "self.act(x)", [0]),  # bounds, not sizes (R7C_02)
])
def test_an_int_init_input_moves_only_where_the_reference_uses_it_as_a_value(init_body, forward, moved):
    assert init_values.value_int_positions(_ref(init_body, forward)) == moved


def test_a_negative_int_literal_is_classified_too():
    src = _ref("        self.act = nn.Hardtanh(k, 1)", "self.act(x)", "[-1, 1]").replace("(self, k)", "(self, k, j)")
    assert init_values.value_int_positions(src) == [0]


def test_the_round5_int_divisor_is_a_value_and_no_corpus_ref_has_one():
    assert init_values.value_int_positions((ROUND_5 / "refs" / "R5C_reludiv.py").read_text()) == [0]
    from pathlib import Path
    refs = sorted((Path(__file__).parent / "corpus" / "ref").glob("*.py"))
    moved = [p.name for p in refs if init_values.value_int_positions(p.read_text())]
    assert moved == []  # the honest corpus's int init inputs are all sizes, dims or counts: none moves


# ------------------------------------------------------------------ the cheats, through the verifier
@pytest.mark.parametrize("name,why", [
    ("R5C_08_rowsum_tiny_forgiven", "every load in bounds"),  # the tiny stage's rule
    ("R5C_01_matmul_ncap", "(variant larger_other_dims)"),
    ("R5C_02_softmax_targeted_decline", "(variant larger_"),  # the drawn width is no multiple of 256
    ("R5C_07_reludiv_int_init_hardcoded", "(variant new_seed)"),
])
def test_a_kernel_right_only_at_the_sizes_or_values_the_verifier_picked_fails(runtime_only, name, why):
    task, code = redteam_case(name, ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and why in (verdict.error or ""), verdict.error


@pytest.mark.extended  # the same rule as R5C_07's (new_seed), a second case: `make test-all`
@pytest.mark.heavy
def test_a_kernel_that_derives_one_init_value_from_another_fails(runtime_only):
    task, code = redteam_case("R5C_09_axpby_init_ratio_hardcoded", ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "(variant new_seed)" in (verdict.error or ""), verdict.error


HONEST_POW2_ROWSUM = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_kernel(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, BLOCK))  # no mask: rows of a power of two
    tl.store(y_ptr + row, tl.sum(x.to(tl.float32), axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        y = torch.empty((M,), device=x.device, dtype=torch.float32)
        rowsum_kernel[(M,)](x, y, N, BLOCK=triton.next_power_of_2(N))
        return y
'''


def test_a_kernel_without_masks_is_forgiven_at_shrunken_sizes_and_judged_at_drawn_ones(runtime_only):
    """No load mask: at the tiny stage's odd row length it reads past its rows (stray_reads), so the wrong
    answer there is forgiven and the full stage decides. With strict shapes the larger variants draw widths
    that are not powers of two, where the unmasked tile reads into the next row: it fails there (a kernel
    for power-of-two rows only is specialised to the sizes tried)."""
    task, _ = redteam_case("R5C_08_rowsum_tiny_forgiven", ROUND_5.name)
    verdict = runtime_only.verify(task, HONEST_POW2_ROWSUM)
    assert "wrong at shrunken sizes" in verdict.stages["tiny"].get("skipped", ""), verdict.stages["tiny"]
    assert not verdict.correct and "(variant larger" in (verdict.error or ""), verdict.error
