"""Kernels written for the task's sizes and values only (red-team round 4, tests/data/redteam_2026_11_27): the
full stage's larger variants grow every size (a row length, a feature count the weights share, a grid sized
for twice the batch) by factors drawn per verification (test_size_variants.py), and new_seed scales the task's float init inputs (a scale written in as a
literal)."""
import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import init_values, variants

from helpers import ROUND_4, redteam_case


def test_the_default_variants_scale_every_size_and_the_float_init_inputs():
    src = (ROUND_4 / "refs" / "rowsum.py").read_text()
    var = {v.name: v for v in variants.multi_input_variants(src, {}, [1, 2, 3], "cpu", True)}
    assert set(var["larger_shapes"].overrides) == {"batch_size", "dim"}
    assert var["larger_shapes"].overrides["dim"] > 256 and var["larger_other_dims"].overrides["dim"] > 256
    four = "import torch\nbatch_size = 4\nc = 16\nh = 32\nw = 32\n" \
           "def get_inputs():\n    return [torch.randn(batch_size, c, h, w)]\n"
    plan = variants.larger_plan(four, {}, 0)
    assert [set(p) for p in plan] == [{"batch_size", "c"}, {"h", "w"}]  # two at a time: 6x the elements, not 81x
    assert var["new_seed"].init_factors == init_values.INIT_FACTORS and var["new_seed"].init_ints == ()
    ln = (ROUND_4 / "refs" / "layernorm.py").read_text()  # `dim` sizes the input and the LayerNorm's weights
    assert variants.shared_dims(ln) == ["dim"] and all("dim" in p for p in variants.larger_plan(ln, {}, 0))
    assert all(not v.init_factors and not v.init_ints for n, v in var.items() if n != "new_seed")


@pytest.mark.extended  # the round-4 cheats one by one: `make test-all` (CI runs the rules' unit tests)
@pytest.mark.heavy
@pytest.mark.parametrize("name,why", [
    ("R4C_02_softmax_fixed_cols", "crash"),  # unmasked loads past a shrunken row: the tiny stage's worker dies
    ("R4B_06_hardcoded_row", "(variant larger_"),
    ("R4A_09_grid_capacity_hardcoded", "(variant larger_"),
    ("R4C_01_ln_dim_hardcode", "(variant larger_"),  # the width the LayerNorm's weights share
    ("R4C_03_addscale_const_scale", "(variant new_seed)"), ("R4A_08_init_scalar_hardcoded", "(variant new_seed)")])
def test_a_kernel_right_only_at_the_tasks_sizes_or_values_fails(runtime_only, name, why):
    task, code = redteam_case(name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and why in (verdict.error or ""), verdict.error


HONEST_ADDSCALE = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def addscale_kernel(a_ptr, b_ptr, out_ptr, n, scale, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, (tl.load(a_ptr + offs, mask=m) + tl.load(b_ptr + offs, mask=m)) * scale, mask=m)


class ModelNew(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, a, b):
        out = torch.empty_like(a)
        n = a.numel()
        addscale_kernel[(triton.cdiv(n, 1024),)](a, b, out, n, self.scale, BLOCK=1024)
        return out
'''


@pytest.mark.heavy
def test_a_kernel_that_takes_its_sizes_and_values_from_the_call_passes(runtime_only):
    task = Task(name="addscale", level=1, reference_src=(ROUND_4 / "refs" / "addscale.py").read_text())
    verdict = runtime_only.verify(task, HONEST_ADDSCALE)
    assert verdict.correct, (verdict.violations, verdict.error)
