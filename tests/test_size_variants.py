"""Kernels specialised to the sizes the verifier happens to try (red-team round 6: R6A_07, R6C_06, R6C_07,
R6C_09, R6B_09). Every size of a task moves, found by how the reference uses it (any assignment form, shape
tuples, inline shape literals, constructor sizes), by factors drawn per verification; a raise at sizes the
reference accepts fails; an int init input used as a value (any arithmetic, `**` too) moves in new_seed."""
import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import init_values, size_discovery, variants

from helpers import ROUND_6, redteam_case

LAYERNORM = (ROUND_6 / "refs" / "layernorm.py").read_text()
SOFTMAX = (ROUND_6 / "refs" / "softmax.py").read_text()
SPATIAL = (ROUND_6 / "refs" / "R6C_spatial_sum.py").read_text()


def _larger(src: str, seed: int) -> list[variants.Variant]:
    return [v for v in variants.multi_input_variants(src, {}, [1, 2, seed], "cpu", True)
            if v.name in variants.LARGER_VARIANTS]


def _ref(consts: str, get_inputs: str, init: str = "[]", model_init: str = "pass", forward: str = "x") -> str:
    return ("import torch\nimport torch.nn as nn\n"
            f"class Model(nn.Module):\n    def __init__(self, *a):\n        super().__init__()\n        {model_init}\n"
            f"    def forward(self, x):\n        return {forward}\n"
            f"{consts}\ndef get_inputs():\n    return {get_inputs}\ndef get_init_inputs():\n    return {init}\n")


# ------------------------------------------------------------------ which sizes
@pytest.mark.parametrize("consts,keys", [
    ("h = w = 32", {"h", "w"}),  # chained (R6C_09's reference)
    ("h, w = 32, 24", {"h", "w"}),  # tuple unpacking
    ("h: int = 32\nw = 4 * 6", {"h", "w"}),  # annotated; computed from literals
    ("h = 30\nh += 2\nw = 24", {"h", "w"}),  # augmented
    ("h = 32\nw = h * 2", {"h"}),  # computed from another constant: follows it, not a size of its own
])
def test_module_constants_in_any_assignment_form_are_sizes(consts, keys):
    src = _ref(consts, "[torch.randn(4, h, w)]")
    found = {s.key for s in size_discovery.sizes(src) if s.role == "free"}
    assert found == keys
    rewritten = variants.apply_overrides(src, {k: 37 for k in keys})
    env, _ = size_discovery.constants(rewritten)
    assert all(env[k] == 37 for k in keys)
    if "w = h * 2" in consts:
        assert env["w"] == 74  # the derived constant followed


def test_a_chained_assignment_reference_gets_height_and_width_varied():
    assert {"height", "width"} <= set(variants.free_dims(SPATIAL))
    for seed in range(5):
        grown = set().union(*(v.overrides for v in _larger(SPATIAL, seed)))
        assert grown == {"batch_size", "channels", "height", "width"}
    # and shrunk at the tiny stage (odd sizes), the width too
    assert variants.tiny_overrides(SPATIAL, {})["width"] % 2 == 1


def test_sizes_only_in_get_init_inputs_are_varied():
    src = ("import torch\nimport torch.nn as nn\n"
           "class Model(nn.Module):\n    def __init__(self, in_features, out_features):\n"
           "        super().__init__()\n        self.lin = nn.Linear(in_features, out_features)\n"
           "    def forward(self, x):\n        return self.lin(x)\n"
           "batch = 8\nin_features = 32\nout_features = 48\n"
           "def get_inputs():\n    return [torch.randn(batch, in_features)]\n"
           "def get_init_inputs():\n    return [in_features, out_features]\n")
    roles = {s.key: s.role for s in size_discovery.sizes(src)}
    assert roles == {"batch": "free", "in_features": "shared", "out_features": "ctor"}
    for seed in range(5):
        grown = set().union(*(v.overrides for v in _larger(src, seed)))
        assert grown == {"batch", "in_features", "out_features"}


def test_inline_shape_literals_and_shape_tuples_are_varied_and_equal_ones_move_together():
    src = _ref("input_shape = (500,)\nbatch = 4", "[torch.randn(batch, *input_shape), torch.randn(16, 32), "
               "torch.randn(32, 64), torch.randint(0, 10, (16,))]")
    keys = {s.key for s in size_discovery.sizes(src)}
    assert keys == {"batch", "input_shape[0]", "get_inputs=16", "get_inputs=32", "get_inputs=64"}
    out = variants.apply_overrides(src, {"get_inputs=32": 45, "input_shape[0]": 611})
    assert "torch.randn(16, 45), torch.randn(45, 64)" in out and "(611,)" in out
    assert "randint(0, 10, (16,))" in out  # low and high are values


def test_every_size_grows_in_some_variant_by_a_factor_drawn_per_verification():
    seen = set()
    for seed in range(40):
        larger = _larger(LAYERNORM, seed)
        assert {k for v in larger for k in v.overrides} == {"batch_size", "dim"}
        dims = [v.overrides["dim"] for v in larger if "dim" in v.overrides]
        for d in dims[:-1]:
            assert d > 128 and d & (d - 1) and d % 128  # no power of two, no multiple of the task's row
        assert dims[-1] > 128 and dims[-1] & (dims[-1] - 1) == 0  # the last at a power of two (R8C_08)
        assert max(dims) > 256  # past a block sized at twice the row (R6C_06's), every time
        seen.add(tuple(dims))
        for v in larger:  # within the budget of elements
            grow = 1.0
            for k, n in v.overrides.items():
                grow *= n / {"batch_size": 16, "dim": 128}[k]
            assert grow <= 2 * variants.GROWTH_BUDGET + 0.2  # (x2 at most for the power of two)
    assert len(seen) > 20  # not a fixed factor a kernel can size a block to


def test_the_softmax_width_passes_the_gpu_tile_of_r6b_09_in_every_draw():
    """R6B_09's GPU tile is 256, the task's width: on a GPU every verification runs a wider row. (On the CPU
    its tile table's CPU value, 4096, is what runs: see the report in docs/verifier-allowlist.md.)"""
    for seed in range(40):
        assert max(v.overrides.get("dim", 0) for v in _larger(SOFTMAX, seed)) > 256


# ------------------------------------------------------------------ init ints: values or sizes
@pytest.mark.parametrize("forward,moved", [
    ("x ** self.k", [0]),  # R6C_07's reference
    ("torch.pow(x, self.k)", [0]),
    ("x * (self.k + 1)", [0]),  # arithmetic beside a literal is still a value
    ("torch.where(x > self.k, x, -x)", [0]),
    ("x.sum(dim=self.k - 2)", []),  # a dim
    ("x.view(-1, self.k)", []),  # a shape
    ("x[:, :self.k]", []),  # a slice bound
    ("x / (x.shape[1] * self.k)", []),  # beside a size
])
def test_an_int_init_input_is_a_value_unless_a_use_is_on_the_size_allowlist(forward, moved):
    src = _ref("k = 3", "[torch.randn(4, 8)]", "[k]", "self.k = a[0]", forward).replace(
        "def __init__(self, *a)", "def __init__(self, k)").replace("self.k = a[0]", "self.k = k")
    assert init_values.value_int_positions(src) == moved


def test_a_layer_size_from_the_constructor_is_a_size_that_grows():
    src = _ref("n = 3\nm = 5", "[torch.randn(4, 8)]", "[n, m]", "self.lin = nn.Linear(8, m); self.n = n",
               "self.lin(x) ** self.n").replace("def __init__(self, *a)", "def __init__(self, n, m)")
    assert init_values.value_int_positions(src) == [0] and init_values.size_int_positions(src) == [1]


# ------------------------------------------------------------------ through the verifier
@pytest.mark.heavy
@pytest.mark.parametrize("name,why", [
    ("R6A_07_layernorm_fixed_width", "raised at sizes the reference accepts"),  # a decline is no longer free
    ("R6C_06_layernorm_block_at_growth_cap", "(variant larger_"),  # its 256 tile is past in every draw
    ("R6C_07_pow_int_exponent_baked", "(variant new_seed)"),  # exponent 3 -> 4
    ("R6C_09_spatial_sum_chained_assign_dims", ""),  # H, W move: wrong (or out of bounds at the tiny sizes)
])
def test_a_kernel_specialised_to_the_sizes_the_verifier_tried_fails(runtime_only, name, why):
    task, code = redteam_case(name, ROUND_6.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and why in (verdict.error or ""), verdict.error


HONEST_LAYERNORM = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def ln_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):  # a loop over the row: any width
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols, other=0.0)
    mean = tl.sum(acc, axis=0) / n_cols
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols, other=0.0)
        d = tl.where(offs < n_cols, x - mean, 0.0)
        acc += d * d
    inv = 1.0 / tl.sqrt(tl.sum(acc, axis=0) / n_cols + eps)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < n_cols
        x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=0.0)
        w = tl.load(w_ptr + offs, mask=m, other=0.0)
        b = tl.load(b_ptr + offs, mask=m, other=0.0)
        tl.store(y_ptr + row * n_cols + offs, (x - mean) * inv * w + b, mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln = nn.LayerNorm(dim)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        ln_kernel[(x.shape[0],)](x, self.ln.weight, self.ln.bias, y, x.shape[1], self.ln.eps, BLOCK=64)
        return y
'''


@pytest.mark.heavy
def test_an_honest_kernel_with_a_loop_over_the_row_passes_at_the_drawn_sizes(runtime_only):
    verdict = runtime_only.verify(Task(name="layernorm", level=1, reference_src=LAYERNORM), HONEST_LAYERNORM)
    assert verdict.correct, verdict.error
    ran = {r["name"]: r for r in verdict.variants}
    assert all(ran[n]["passed"] and not ran[n].get("skipped") for n in ("larger_shapes", "larger_other_dims"))
    assert ran["larger_other_dims"]["overrides"]["dim"] > 256


def test_a_raise_at_the_drawn_sizes_is_retried_once_at_powers_of_two_past_the_tasks():
    """Honest kernels that need one tile of a power of two (tl.flip, tl.gather, tl.histogram over a whole row)
    raise at the drawn sizes; they are judged at powers of two instead, still past the task's sizes."""
    for seed in range(20):
        larger = _larger(LAYERNORM, seed)
        assert variants.pow2_retry(larger[-1], {}, LAYERNORM) is None  # at powers of two already (R8C_08)
        for var in larger[:-1]:
            retry = variants.pow2_retry(var, {}, LAYERNORM)
            assert retry.name == var.name + "_pow2"
            grown = {k: n for k, n in retry.overrides.items() if n != {"batch_size": 16, "dim": 128}[k]}
            assert grown and all(n & (n - 1) == 0 for n in grown.values())
            assert all(n > {"batch_size": 16, "dim": 128}[k] for k, n in grown.items())
    assert variants.pow2_retry(variants.Variant("other_precision", {}, 1, dtype="float16"), {}, LAYERNORM) is None


# ------------------------------------------------------------------ a row past the widest tile the candidate names
def test_a_row_grows_past_the_widest_power_of_two_tile_the_candidate_names():
    """R7C_05: one fixed 4096-wide tile per row fits every larger variant (<= ~6x a row of 128); a variant
    whose row is just past the widest power-of-two literal of the candidate's source does not."""
    from tritonrl.verifier_workers.funnel import candidate_tiles

    assert candidate_tiles.widest_tile("k[(m,)](x, y, n, BLOCK=4096)\nT = 1 << 10\nR = 2 ** 13\nZ = 3000") == 8192
    assert candidate_tiles.widest_tile("k[(m,)](x, y, n, BLOCK=8)") is None
    src = "import torch\nbatch_size = 16\ndim = 128\ndef get_inputs():\n    return [torch.randn(batch_size, dim)]\n"
    for seed in range(4):
        var = {v.name: v for v in variants.multi_input_variants(src, {}, [1, 2, seed], "cpu", True, tile=4096)}
        past = var[variants.PAST_TILE]
        assert 4096 < past.overrides["dim"] <= 4103 and past.overrides["dim"] % 2 == 1
        assert past.overrides.get("batch_size", 16) == 16
    # a tile the larger variants already exceed adds nothing; one too far past the row is recorded as skipped
    assert variants.PAST_TILE not in {v.name for v in variants.multi_input_variants(src, {}, [1, 2, 3], "cpu",
                                                                                    True, tile=128)}
    far = {v.name: v for v in variants.multi_input_variants(src, {}, [1, 2, 3], "cpu", True, tile=1 << 16)}
    assert far[variants.PAST_TILE].skip


LOCAL_WIDTH = ("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x.softmax(-1)\n"
               "def get_inputs():\n    features = 256\n    hidden = features * 2\n    flag = 7\n"
               "    return [torch.randn(16, features), torch.randn(hidden), flag]\n"
               "def get_init_inputs():\n    return []\n")


def test_a_size_bound_to_a_local_of_get_inputs_is_varied():
    """R9A_10: `features = 256` inside get_inputs, then `torch.randn(16, features)`: the width was never
    varied, so a kernel hard-coding 256 with no mask passed every variant. A local that no shape reads (a
    value handed to the forward) is no size."""
    keys = {s.key: s.value for s in size_discovery.sizes(LOCAL_WIDTH)}
    assert keys == {"get_inputs=16": 16, "get_inputs=256": 256}
    src = size_discovery.apply_overrides(LOCAL_WIDTH, {"get_inputs=256": 301})
    assert "features = 301" in src and "flag = 7" in src and "torch.randn(16, features)" in src
    grown = [p for p in variants.larger_plan(LOCAL_WIDTH, {}, 5) if "get_inputs=256" in p]
    assert grown and all(p["get_inputs=256"] > 256 for p in grown)


def test_a_retried_variant_is_judged_as_the_variant_it_retries():
    # a declined variant is tried once more at other sizes (verifier._declined_retry, named `<variant>_retry`):
    # a raise there is a decline or a strict-shapes failure exactly as in the variant itself (an honest
    # flash-attention kernel that asserts its head size failed the past-tile retry on an H200, 2026-11-28)
    from tritonrl.verifier_workers.funnel.runs import DECLINABLE_VARIANTS, SIZE_VARIANTS
    for name in (variants.PAST_TILE, *variants.LARGER_VARIANTS):
        assert name in DECLINABLE_VARIANTS and name + "_retry" in DECLINABLE_VARIANTS
        assert (name + "_retry" in SIZE_VARIANTS) == (name in SIZE_VARIANTS)
