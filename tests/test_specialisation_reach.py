"""Specialisation the variants did not reach (red-team round 8, R8C_01-05, 07-10): constants a kernel sizes
its work by, written as expressions (`4 << 10`) or spread over a fixed grid (grid x trips x block); sizes
only at powers of two or only square; autotune configs selectable only at other sizes; init floats nested in
a tuple or equal to 0.0, an int read inside a call's tensor argument; inputs whose sign never changes."""
from __future__ import annotations

import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import candidate_tiles, init_values, launch_extents, size_discovery, variants

from helpers import ROUND_9, redteam_case

ROWS = "import torch\nbatch_size = 16\ndim = 128\ndef get_inputs():\n    return [torch.randn(batch_size, dim)]\n"


def _variants(src: str, seed: int = 3, **kw) -> dict[str, variants.Variant]:
    return {v.name: v for v in variants.multi_input_variants(src, {}, [1, 2, seed], "cpu", True, **kw)}


# ------------------------------------------------------------------ constants the candidate could size work by
def test_a_tile_written_as_an_expression_or_a_module_constant_is_found():
    """R8C_01: `ROW_TILE = 4 << 10` names no power-of-two literal; evaluated, it is a 4096 tile."""
    assert candidate_tiles.widest_tile("ROW_TILE = 4 << 10\nk[(m,)](x, BLOCK=ROW_TILE)") == 4096
    assert candidate_tiles.widest_tile("T = 64 * 128\nU = T // 2") == 8192
    assert candidate_tiles.widest_tile("A = 3000\nB = A * 7") is None  # no power of two
    assert candidate_tiles.widest_tile("k[(m,)](x, BLOCK=4096)\nT = 1 << 10\nR = 2 ** 13") == 8192


def test_a_fixed_grid_covers_grid_times_its_constant_arguments():
    """R8C_02: 32 programs x 16 trips x 4096 = 2^21 elements, a grid that no input size changes."""
    code = ("NUM_SMS = 32\nITERS = 16\n"
            "def forward(x):\n    k[(NUM_SMS,)](x, y, x.numel(), NPROG=NUM_SMS, ITERS=ITERS, BLOCK=4096, num_warps=8)")
    assert candidate_tiles.fixed_grid_cover(code) == 1 << 21
    honest = "def forward(x):\n    k[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)"
    assert candidate_tiles.fixed_grid_cover(honest) is None
    assert candidate_tiles.fixed_grid_cover("def f(x):\n    k[(1,)](x, y, n, BLOCK=1024)") == 1024
    local = ("@triton.jit\ndef k(x, ITERS: tl.constexpr):\n    pass\n"
             "def forward(x):\n    ITERS = 16\n    grid = (32,)\n    k[grid](x, y, ITERS=ITERS, BLOCK=4096)")
    assert candidate_tiles.fixed_grid_cover(local) == 1 << 21  # a local constant, a grid bound to a name
    # R10A_13: a persistent grid capped at a constant, one row a program and no grid-stride loop
    capped = "MAX_PROGRAMS = 4 * 132\ndef f(x, m):\n    k[(min(m, MAX_PROGRAMS),)](x, y, m, BLOCK=1024)"
    assert candidate_tiles.grid_caps(capped) == (None, 528)  # programs, not elements: the row is the unit
    assert candidate_tiles.capped_programs("def f(x, m):\n    k[(min(m, n),)](x, y, m)") is None
    past = variants.past_tile_variant(ROWS, {}, [], None, 3, 1.0, None, 528)  # the rows pass the cap
    assert past is not None and past.skip is None and past.overrides["batch_size"] > 528


def test_a_variant_passes_the_fixed_grid_cover_and_the_tile():
    var = _variants(ROWS, tile=4096, cover=1 << 21)[variants.PAST_TILE]
    assert var.skip is None
    assert var.overrides["dim"] > 4096 and var.overrides["batch_size"] * var.overrides["dim"] > 1 << 21
    assert var.overrides["batch_size"] * var.overrides["dim"] <= variants.PAST_TILE_ELEMENTS
    # a cover past the budget is recorded as skipped, with its reason
    far = _variants(ROWS, cover=1 << 25)[variants.PAST_TILE]
    assert far.skip and "cover" in far.skip


# ------------------------------------------------------------------ powers of two, and not
def test_one_larger_variant_is_at_powers_of_two_and_the_others_are_not():
    """R8C_08: a fast path for power-of-two rows, unmasked, was never run (every drawn size avoided them)."""
    for seed in range(20):
        larger = [v for v in variants.multi_input_variants(ROWS, {}, [1, 2, seed], "cpu", True)
                  if v.name in variants.LARGER_VARIANTS]
        pow2 = [v for v in larger if all(n & (n - 1) == 0 for k, n in v.overrides.items() if n != {"batch_size": 16,
                                                                                                      "dim": 128}[k])]
        assert len(pow2) == 1 and pow2[0] is larger[-1]
        assert pow2[0].overrides["dim"] > 128
        assert all(v.overrides["dim"] & (v.overrides["dim"] - 1) for v in larger[:-1] if "dim" in v.overrides)


# ------------------------------------------------------------------ equal sizes told apart
MATMUL = ("import torch\nclass Model(torch.nn.Module):\n    def forward(self, A, B):\n        return A @ B\n"
          "def get_inputs():\n    return [torch.randn(64, 64), torch.randn(64, 64)]\n"
          "def get_init_inputs():\n    return []\n")


def test_equal_inline_sizes_can_be_told_apart_one_occurrence_at_a_time():
    """R8C_10: both operands `randn(64, 64)`; the grouped key kept M == N == K in every variant."""
    assert size_discovery.inline_occurrences(MATMUL) == {64: 4}
    tries = dict(variants.equal_size_splits(MATMUL, {"get_inputs=64": 201}, set()))["get_inputs=64"]
    assert len(set(tries[0].values())) == 4  # every occurrence its own size first
    gemm = {"get_inputs=64@0": 201, "get_inputs=64@1": 203, "get_inputs=64@2": 203, "get_inputs=64@3": 205}
    assert gemm in tries  # the one a GEMM takes: K shared, M and N apart
    src = size_discovery.apply_overrides(MATMUL, {"get_inputs=64": 201, **gemm})
    assert "torch.randn(201, 203), torch.randn(203, 205)" in src
    assert variants.equal_size_splits(MATMUL, {"get_inputs=64": 256}, set()) == []  # the power-of-two one stays


# ------------------------------------------------------------------ init values
TEMP_SOFTMAX = '''
import torch
import torch.nn as nn
class Model(nn.Module):
    def __init__(self, temperature):
        super().__init__()
        self.temperature = temperature
    def forward(self, x):
        return torch.softmax(x / self.temperature, dim=1)
def get_inputs():
    return [torch.randn(4, 32)]
def get_init_inputs():
    return [4]
'''


def test_an_int_read_inside_a_calls_tensor_argument_is_a_value():
    """R8C_04: `torch.softmax(x / t, dim=1)` read t as a size (softmax takes a dim) and never moved it."""
    assert init_values.value_int_positions(TEMP_SOFTMAX) == [0]
    as_dim = TEMP_SOFTMAX.replace("torch.softmax(x / self.temperature, dim=1)", "torch.softmax(x, self.temperature)")
    assert init_values.value_int_positions(as_dim) == []
    as_keyword = TEMP_SOFTMAX.replace("x / self.temperature, dim=1", "x, dim=self.temperature - 3")
    assert init_values.value_int_positions(as_keyword) == []


def test_floats_nested_in_containers_and_zeros_move_and_a_dropout_zero_stays():
    """R8C_03 (a `(low, high)` tuple never moved), R8C_05 (0.0 x f = 0)."""
    from tritonrl.verifier_workers.sandbox.worker.build import vary_init

    factors = list(init_values.INIT_FACTORS)
    low, high = vary_init([2.0, (-0.5, 0.75)], factors, [])[1]
    assert (low, high) != (-0.5, 0.75) and low < 0 < high and low / high != -0.5 / 0.75
    moved = vary_init([1.5, 0.0, 1.0], factors, [])
    assert moved[1] > 0 and moved[1] < moved[2]  # a clamp's lower bound of 0 moves, still below the upper
    assert vary_init([{"a": 0.5}], factors, [])[0]["a"] != 0.5
    assert vary_init([3, 0.0], factors, [], [1]) == [3, 0.0]  # a dropout probability of 0 stays


def test_a_zero_that_a_dropout_reads_stays():
    src = TEMP_SOFTMAX.replace("self.temperature = temperature", "self.drop = nn.Dropout(temperature)").replace(
        "torch.softmax(x / self.temperature, dim=1)", "self.drop(x)").replace("return [4]", "return [0.0]")
    assert init_values.random_op_positions(src) == [0]
    assert init_values.random_op_positions(TEMP_SOFTMAX) == []


# ------------------------------------------------------------------ through the verifier
L1_ROWS = '''
import torch
import torch.nn as nn
class Model(nn.Module):
    def forward(self, x):
        return torch.sum(torch.abs(x), dim=1)
batch_size = 4
dim = 64
def get_inputs():
    return [torch.rand(batch_size, dim)]
def get_init_inputs():
    return []
'''

ROWSUM_KERNEL = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _rows(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        acc += ABS(tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0))
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
        _rows[(x.shape[0],)](x, y, x.shape[1], BLOCK=32)
        return y
'''


@pytest.mark.heavy
def test_inputs_with_a_sign_are_also_run_negated(runtime_only):
    """R8C_07: `torch.rand` inputs kept their sign in every variant, so an L1 norm without its abs passed."""
    task = Task(name="l1rows", level=1, reference_src=L1_ROWS)
    cheat = runtime_only.verify(task, ROWSUM_KERNEL.replace("ABS(", "("))
    assert not cheat.correct and "values_x2" in (cheat.error or ""), cheat.error
    honest = runtime_only.verify(task, ROWSUM_KERNEL.replace("ABS(", "tl.abs("))
    assert honest.correct, honest.error
    assert {r["name"]: r["scale"] for r in honest.variants}["values_x2"] == variants.FLIPPED_SCALE


@pytest.mark.heavy
def test_a_reference_undefined_on_negated_inputs_runs_them_doubled(runtime_only):
    ref = L1_ROWS.replace("torch.sum(torch.abs(x), dim=1)", "torch.sum(torch.sqrt(x), dim=1)")
    verdict = runtime_only.verify(Task(name="sqrt_rows", level=1, reference_src=ref),
                                  ROWSUM_KERNEL.replace("ABS(", "tl.sqrt("))
    assert verdict.correct, verdict.error
    assert {r["name"]: r["scale"] for r in verdict.variants}["values_x2"] == -variants.FLIPPED_SCALE


AUTOTUNED = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl

_SMALL = [triton.Config({"BLOCK": b, "ONE_TILE": False}, num_warps=w) for b, w in ((16, 1), (32, 2))]
_LARGE = [triton.Config({"BLOCK": b, "ONE_TILE": False}, num_warps=4, num_stages=s) for b in (16, 32) for s in (2, 3)]
_LARGE = _LARGE + [triton.Config({"BLOCK": 64, "ONE_TILE": ONE}, num_warps=8)]


def _prune(configs, named_args, **kwargs):
    if named_args["n_cols"] <= 64:
        return configs[:2]
    return configs[2:]


@triton.autotune(configs=_SMALL + _LARGE, key=["n_cols"], prune_configs_by={"early_config_prune": _prune})
@triton.jit
def _rowsum(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr, ONE_TILE: tl.constexpr):
    row = tl.program_id(0)
    if ONE_TILE:
        cols = tl.arange(0, BLOCK)
        total = tl.sum(tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0), axis=0)
    else:
        acc = tl.zeros((BLOCK,), dtype=tl.float32)
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            acc += tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=0.0)
        total = tl.sum(acc, axis=0)
    tl.store(y_ptr + row, total)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
        _rowsum[(x.shape[0],)](x, y, x.shape[1])
        return y
'''

ROWSUM_REF = L1_ROWS.replace("torch.abs(x)", "x").replace("torch.rand(", "torch.randn(")


@pytest.mark.heavy
def test_autotune_configs_selectable_only_at_larger_sizes_are_compared_there(runtime_only):
    """R8C_09: a prune that keeps other configs past the task's row; the last a one-tile config that drops
    columns. The interpreter's rotation never reached it; the first larger variant now compares it."""
    task = Task(name="rowsum", level=1, reference_src=ROWSUM_REF)
    cheat = runtime_only.verify(task, AUTOTUNED.replace("ONE}", "True}"))
    assert not cheat.correct and "autotune config" in (cheat.error or ""), cheat.error
    honest = runtime_only.verify(task, AUTOTUNED.replace("ONE}", "False}"))
    assert honest.correct, honest.error


SQUARE_GEMM = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _mm(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        rk = k0 + tl.arange(0, BK)
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :], mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :], mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def forward(self, A, B):
        A, B = A.contiguous(), B.contiguous()
        M, K = A.shape
        N = SIZE_N
        C = torch.empty((M, N), device=A.device, dtype=A.dtype)
        _mm[(triton.cdiv(M, 32), triton.cdiv(N, 32))](A, B, C, M, N, K, BM=32, BN=32, BK=32)
        return C
'''


@pytest.mark.heavy
def test_a_gemm_that_assumes_square_operands_fails(runtime_only):
    task = Task(name="matmul", level=1, reference_src=MATMUL.replace("64", "24"))
    cheat = runtime_only.verify(task, SQUARE_GEMM.replace("SIZE_N", "M"))
    assert not cheat.correct and "larger_shapes" in (cheat.error or ""), cheat.error


@pytest.mark.extended  # every variant of a GEMM under the interpreter: ~2-3 min on 2 cores (make test-all)
def test_the_same_gemm_for_any_operands_passes_with_m_k_n_grown_apart(runtime_only):
    task = Task(name="matmul", level=1, reference_src=MATMUL.replace("64", "24"))
    honest = runtime_only.verify(task, SQUARE_GEMM.replace("SIZE_N", "B.shape[1]"))
    assert honest.correct, honest.error
    grown = {r["name"]: r["overrides"] for r in honest.variants}["larger_shapes"]
    assert len({v for k, v in grown.items() if "@" in k}) == 3  # M, K, N apart


# ------------------------------------------------------------------ what the launches did (round 9)
def _run(sizes: dict, *extents) -> launch_extents.LaunchRun:
    return launch_extents.LaunchRun.of(sizes, list(extents))


def _launch(grid, *consts, kernel="k:10") -> dict:
    return {"kernel": kernel, "grid": list(grid), "consts": list(consts)}


TASK: dict = {}  # the original variant runs at the base overrides (none by default)
TINY = {"batch_size": 3, "dim": 5}
LARGER = {"batch_size": 37, "dim": 301}


def test_a_tile_that_stays_the_same_at_every_size_is_a_fixed_tile():
    """R9B_06: BLOCK = int(math.pow(2, 12)): no literal names 4096, but every launch used it, at every size;
    a block sized from the row (next_power_of_2(N)) moves with it and is no fixed tile."""
    fixed = [_run(TINY, _launch([3], 4096)), _run(TASK, _launch([16], 4096)), _run(LARGER, _launch([37], 4096))]
    assert launch_extents.fixed_tile(fixed) == 4096
    follows = [_run(TINY, _launch([3], 8)), _run(TASK, _launch([16], 128)), _run(LARGER, _launch([37], 512))]
    assert launch_extents.fixed_tile(follows) is None
    same_sizes = [_run(TASK, _launch([16], 4096)), _run(TASK, _launch([16], 4096))]  # values x2: same sizes
    assert launch_extents.fixed_tile(same_sizes) is None
    # `N: tl.constexpr` = the row itself, at two power-of-two retries (a tl.gather kernel): the size, not a tile
    sized = [_run({"dim": 256, "batch_size": 40}, _launch([40], 256)), _run({"dim": 256}, _launch([16], 256))]
    assert launch_extents.fixed_tile(sized) == 256 and launch_extents.fixed_tile(sized, ROWS) is None


def test_a_grid_that_stays_the_same_at_every_size_covers_its_programs_times_its_block():
    """R9B_10: 512 programs at every size, each one row of next_power_of_2(N): rows past 512 never computed."""
    fixed = [_run(TINY, _launch([512], 8)), _run(TASK, _launch([512], 128)), _run(LARGER, _launch([512], 512))]
    assert launch_extents.fixed_grid_cover(fixed, TASK, None) == 512 * 128  # the block at the task's sizes
    follows = [_run(TINY, _launch([3], 8)), _run(TASK, _launch([16], 128)), _run(LARGER, _launch([37], 512))]
    assert launch_extents.fixed_grid_cover(follows, TASK, None) is None


def _gpu_kernel(x, y, n, BLOCK: "tl.constexpr", ITERS: "tl.constexpr"):
    pass


def test_a_gpu_launch_records_its_grid_and_int_constexprs_like_an_interpreted_one(monkeypatch):
    """On a GPU the launch hook sees no arguments: JITFunction.run is wrapped to record the extent (without it
    R9B_06 and R9B_10 passed on an H200, 2026-11-28). Triton's own run is stubbed here (no GPU)."""
    import triton
    from triton.runtime.jit import JITFunction

    from tritonrl.verifier_workers.sandbox.worker.launches import LAUNCHES, install_gpu_extent_hook

    grids = []
    monkeypatch.setattr(JITFunction, "run", lambda self, *a, grid, warmup, **k: grids.append(
        grid({"n": a[2], **k}) if callable(grid) else grid))
    install_gpu_extent_hook()
    kernel = JITFunction(_gpu_kernel)
    LAUNCHES.begin(None)
    try:
        kernel[(512,)](None, None, 100, BLOCK=4096, ITERS=3, num_warps=4)
        kernel[lambda meta: (triton.cdiv(meta["n"], meta["BLOCK"]),)](None, None, 9000, BLOCK=1024, ITERS=3)
        kernel[(0,)](None, None, 0, BLOCK=64, ITERS=1)  # a grid of no programs runs nothing
    finally:
        LAUNCHES.end()
    assert grids == [(512,), (9,), (0,)]  # Triton still gets the grid it asked for
    assert [(e["grid"], e["consts"]) for e in LAUNCHES.extents] == [([512], [3, 4096]), ([9], [3, 1024])]


def test_the_past_tile_variant_passes_what_the_launches_kept_fixed():
    runs = [_run(TINY, _launch([512], 8)), _run(TASK, _launch([512], 128)), _run(LARGER, _launch([512], 512))]
    var_list = variants.multi_input_variants(ROWS, {}, [1, 2, 3], "cpu", True)
    assert variants.PAST_TILE not in {v.name for v in var_list}  # the source names neither tile nor grid
    at = max(i for i, v in enumerate(var_list) if v.name in variants.LARGER_VARIANTS) + 1
    grid = launch_extents.with_past_tile(var_list, at, ROWS, {}, 3, "no constants here", runs)
    past = grid[at]
    assert past.name == variants.PAST_TILE and past.skip is None and past.overrides["batch_size"] > 512
    assert len({v.resample for v in grid}) == len(grid)  # a later-call share of its own
    # two larger sizes that round to one block (a "fixed" tile 512): the row passes it, and the rows still pass
    # the 512 programs (one row each, whatever the row's length)
    both = runs + [_run({"batch_size": 41, "dim": 301}, _launch([512], 512))]
    past = launch_extents.with_past_tile(var_list, at, ROWS, {}, 3, "", both)[at]
    assert past.overrides["dim"] > 512 and past.overrides["batch_size"] > 512 and past.skip is None
    tile_runs = [_run(TINY, _launch([3], 4096)), _run(TASK, _launch([16], 4096))]
    tiled = launch_extents.with_past_tile(var_list, at, ROWS, {}, 3, "", tile_runs)[at]
    assert tiled.overrides["dim"] > 4096 and tiled.skip is None
    honest = [_run(TINY, _launch([3], 8)), _run(TASK, _launch([16], 128))]
    assert launch_extents.with_past_tile(var_list, at, ROWS, {}, 3, "", honest) == var_list


def test_a_decoy_tile_past_the_budget_does_not_skip_the_fixed_grid():
    """A far tile (`_UNUSED = 1 << 16` in the source) used to mark the whole variant skipped: the cover of a
    fixed grid is still passed, the row kept."""
    var = _variants(ROWS, tile=1 << 16, cover=512 * 128)[variants.PAST_TILE]
    assert var.skip is None and "dim" not in var.overrides and var.overrides["batch_size"] > 512


HONEST_PERSISTENT_SOFTMAX = '''
import math
import torch
import torch.nn as nn
import triton
import triton.language as tl

PROGRAMS = 512


@triton.jit
def _softmax(x_ptr, y_ptr, n_rows, n_cols, BLOCK: tl.constexpr, NPROG: tl.constexpr):
    for row in range(tl.program_id(0), n_rows, NPROG):  # a fixed grid that strides over the rows
        m = -float("inf")
        for start in range(0, n_cols, BLOCK):  # a tile computed at run time, looped over the row
            cols = start + tl.arange(0, BLOCK)
            m = tl.maximum(m, tl.max(tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=-float("inf")), 0))
        s = 0.0
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=-float("inf"))
            s += tl.sum(tl.exp(x - m), 0)
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other=-float("inf"))
            tl.store(y_ptr + row * n_cols + cols, tl.exp(x - m) / s, mask=cols < n_cols)


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        _softmax[(PROGRAMS,)](x, y, x.shape[0], x.shape[1], BLOCK=int(math.pow(2, 8)), NPROG=PROGRAMS)
        return y
'''


@pytest.mark.heavy
@pytest.mark.parametrize("name, why", [
    ("R9B_06_runtime_tile", "larger_past_tile"),  # BLOCK = int(math.pow(2, 12)), no loop: rows past 4096
    pytest.param("R9B_10_fixed_grid_rows", "larger_past_tile",  # 512 programs, one row each: rows past 512
                 marks=pytest.mark.extended),  # ~1 min; its rule's unit tests run in CI (make test-all runs this)
    ("R9A_10_size_local_to_get_inputs", "larger_"),  # the width named in a local of get_inputs now grows
])
def test_tiles_and_grids_the_launches_kept_at_every_size_are_passed(runtime_only, name, why):
    task, code = redteam_case(name, ROUND_9.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and why in (verdict.error or ""), verdict.error


@pytest.mark.extended  # ~1 min on 2 cores; the rule's unit tests above run in CI (make test-all runs this)
def test_an_honest_fixed_grid_with_a_run_time_tile_and_loops_passes_past_both(runtime_only):
    softmax = ROWS + "class Model(torch.nn.Module):\n    def forward(self, x):\n        return x.softmax(-1)\n" \
                     "def get_init_inputs():\n    return []\n"
    verdict = runtime_only.verify(Task(name="softmax", level=1, reference_src=softmax), HONEST_PERSISTENT_SOFTMAX)
    assert verdict.correct, verdict.error
    past = next(r for r in verdict.variants if r["name"] == variants.PAST_TILE)
    assert past["passed"] and not past.get("skipped") and past["overrides"]["batch_size"] > 512


def test_a_fixed_unroll_reaches_its_trip_count_times_its_tile():
    """fixed_reach: a kernel that loops a constant number of times (a constexpr the launch sets, or a literal)
    over a tile covers count x tile of a row, no power of two (R10A_12: 5 x 512 = 2560); row_tile takes it
    where it is wider than every power of two the source names. A kernel that loops over the row's length has
    none."""
    from helpers import ROUND_10

    _, code = redteam_case("R10A_12_fixed_chunk_reach", ROUND_10.name)
    assert candidate_tiles.fixed_reach(code) == 2560 and candidate_tiles.row_tile(code) == 2560
    assert candidate_tiles.widest_tile(code) == 512
    literal = code.replace("tl.static_range(CHUNKS)", "tl.static_range(3)")
    assert candidate_tiles.fixed_reach(literal) == 3 * 512
    looped = code.replace("tl.static_range(CHUNKS)", "range(0, tl.cdiv(n_cols, BLOCK))")
    assert candidate_tiles.fixed_reach(looped) is None and candidate_tiles.row_tile(looped) == 512


@pytest.mark.heavy
def test_a_fixed_unroll_is_run_past_its_reach(runtime_only):
    """R10A_12: rows past 2560 were never drawn (the larger variants stay <= 2048 for a 256-wide task), so the
    truncation passed; the past-tile variant now grows the row past the unroll's reach."""
    from helpers import ROUND_10

    task, code = redteam_case("R10A_12_fixed_chunk_reach", ROUND_10.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "larger_past_tile" in (verdict.error or ""), verdict.error
