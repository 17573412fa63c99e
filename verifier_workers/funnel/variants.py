"""Input variants of a task: size overrides applied to the reference source, tiny sizes, and the
multi-input set (original, values x2, new seed, heterogeneous values, larger shapes, other precision, small
values), each
with its forward calls (grad modes, and the share of the inputs a later call changes).

Everything here is pure: it rewrites the (trusted) reference source as text and never runs it.
"""
from __future__ import annotations

import ast
import dataclasses
from dataclasses import dataclass, field

from tritonrl.verifier_workers.funnel import init_values, size_discovery


def int_constants(src: str) -> dict[str, int]:
    """Module-level int constants a variant may set, in any assignment form (size_discovery.int_constants)."""
    return size_discovery.int_constants(src)


def apply_overrides(src: str, overrides: dict[str, int]) -> str:
    """Rewrite the reference's sizes (size_discovery.apply_overrides: named constants in any assignment form,
    elements of shape tuples, inline shape literals of get_inputs), so derived constants follow."""
    return size_discovery.apply_overrides(src, overrides)


def free_dims(src: str) -> list[str]:
    """Named int sizes read only by get_inputs (through any constants computed from them): sizes that can
    change without changing the model's weights."""
    return [s.key for s in size_discovery.sizes(src) if s.role == "free" and "[" not in s.key]


def shared_dims(src: str) -> list[str]:
    """Named int sizes read by get_inputs and get_init_inputs only (a feature count that sizes both the input
    and the weights): changing one rebuilds both models with other weight shapes, from the same seed."""
    return [s.key for s in size_discovery.sizes(src) if s.role == "shared" and "[" not in s.key]


def tiny_overrides(src: str, base: dict[str, int]) -> dict[str, int] | None:
    """Shrink the free dims to small odd, mutually different sizes (3, 5, 7, ...): odd sizes exercise
    masking, different sizes catch transposed indexing. None when nothing can shrink."""
    consts = {**int_constants(src), **base}
    out = dict(base)
    changed = False
    for i, name in enumerate(free_dims(src)):
        small = 3 + 2 * (i % 4)
        if consts[name] > small:
            out[name] = small
            changed = True
    return out if changed else None


LARGER_SHAPES = ("batch", "every_dim")

LARGER_DIMS = 2  # at most this many sizes grow in one variant
LARGER_VARIANTS = ("larger_shapes", "larger_other_dims", "larger_more_dims")  # at most this many
GROWTH_BUDGET = 6.0  # a variant's sizes together grow the inputs' elements at most this many times
PAIR_GROWTH = (1.5, 4.0)  # each of two sizes grown together: a factor drawn uniformly from this range
SOLO_GROWTH = (2.5, 6.0)  # a size grown alone: from this range
# a size of 4096 or more grows less than 2x: kernels size their block to the next power of two of such a row
# (BLOCK = next_power_of_2(N)), and a block past twice the task's costs minutes to compile for the GPU target
# on a CPU (and would spill on the GPU); a hard-coded tile of 2x a row that long is the gap this leaves
LARGE_SIZE, LARGE_GROWTH = 4096, 1.9


def grown_size(n: int, factor: float) -> int:
    """n grown by about `factor` (below LARGE_GROWTH from LARGE_SIZE up), then moved up to the next integer
    that is neither a power of two nor a multiple of n: no tile a kernel could size to the task (n, 2n, the
    next power of two) fits it exactly."""
    if n >= LARGE_SIZE:
        factor = min(factor, LARGE_GROWTH)
    t = max(n + 1, round(n * factor))
    while t & (t - 1) == 0 or t % n == 0:
        t += 1
    return t


def larger_plan(src: str, base: dict[str, int], seed: int) -> list[dict[str, int]]:
    """The sizes each larger variant grows (key -> new value), drawn from `seed` (fresh per verification).

    Every size the reference's inputs or weights take (size_discovery.sizes: named constants in any form,
    shape tuples, inline shape literals, constructor sizes of layers and tensors) grows in one variant:
    LARGER_DIMS per variant, the batch-like one first, LARGER_VARIANTS variants at most (past 6 sizes the
    seed picks which). Two sizes grown together each take a factor from PAIR_GROWTH, the batch-like one
    capped so that the two together stay within GROWTH_BUDGET; where the task has two sizes or fewer, the
    last (the row) grows once more, alone, by SOLO_GROWTH. So a row of 128 reaches 193..513 in one variant and
    321..769 in the other: a block sized to the task's row or twice it is always exceeded, one of 4x in about
    two draws of three; the sizes are new per verification, none a power of two or a multiple of the task's."""
    import random
    rng = random.Random(seed)
    found = list(size_discovery.sizes(src))
    found.sort(key=lambda s: 0 if "batch" in s.key.lower() else 1)
    value = {s.key: base.get(s.key, s.value) for s in found}
    keys = [s.key for s in found if value[s.key] > 1]
    if not keys:
        return []
    cap = LARGER_DIMS * len(LARGER_VARIANTS)
    if len(keys) > cap:  # the batch-like one, then a rotation of the rest chosen by the seed
        rest = keys[1:]
        start = rng.randrange(len(rest))
        keys = [keys[0]] + (rest[start:] + rest[:start])[:cap - 1]
    groups = [keys[i:i + LARGER_DIMS] for i in range(0, len(keys), LARGER_DIMS)]
    if len(keys) <= LARGER_DIMS:
        groups.append([keys[-1]])
    plan = []
    for group in groups:
        if len(group) == 1:
            plan.append({group[0]: grown_size(value[group[0]], rng.uniform(*SOLO_GROWTH))})
            continue
        f_row = rng.uniform(*PAIR_GROWTH)
        f_first = rng.uniform(PAIR_GROWTH[0], min(PAIR_GROWTH[1], max(PAIR_GROWTH[0], GROWTH_BUDGET / f_row)))
        plan.append({group[0]: grown_size(value[group[0]], f_first), group[1]: grown_size(value[group[1]], f_row)})
    if len(plan) > 1:  # the last at powers of two (R8C_08: a fast path for them, unmasked, was never run)
        plan[-1] = to_pow2(plan[-1], value, 2 * GROWTH_BUDGET)
    return plan


def to_pow2(grown: dict[str, int], value: dict[str, int], budget: float) -> dict[str, int]:
    """Each grown size moved to a power of two past the task's: the next one up while the sizes together
    stay within `budget` times the task's elements (and below LARGE_SIZE), else the one below if it is still
    past the task's size. A size that cannot move stays as drawn."""
    out: dict[str, int] = {}
    growth = 1.0
    for k, n in sorted(grown.items(), key=lambda kv: 0 if "batch" in kv[0].lower() else 1, reverse=True):
        up = 1 << (n - 1).bit_length()
        down = up >> 1 if up != n else n
        fits = growth * up / value[k] <= budget and value[k] < LARGE_SIZE
        pick = up if fits or down <= value[k] else down
        out[k] = pick if pick > value[k] else n
        growth *= out[k] / value[k]
    return out


PAST_TILE = "larger_past_tile"  # the row past the widest tile, the elements past the largest fixed grid
PAST_TILE_GROWTH = 64  # at most this many times the task's row, or any other size ...
PAST_TILE_ELEMENTS = 1 << 23  # ... and the product of the sizes at most this (the interpreter's cost)
PAST_COVER_MARGIN = 4  # the elements pass a fixed grid's cover by a 1/4 of it


def _product(sizes: dict[str, int]) -> int:
    out = 1
    for n in sizes.values():
        out *= n
    return out


def _grow_past(sizes: dict[str, int], value: dict[str, int], keys: list[str], target: int) -> None:
    """Grow `keys` of `sizes` (in order, each to an odd size within PAST_TILE_GROWTH) until their product
    passes `target`."""
    for k in keys:
        rest = _product({j: sizes[j] for j in keys if j != k})
        sizes[k] = min(max(sizes[k], -(-(target + 1) // rest)), PAST_TILE_GROWTH * value[k])
        if sizes[k] != value[k] and sizes[k] % 2 == 0:  # odd: no power of two
            sizes[k] += 1 if sizes[k] < PAST_TILE_GROWTH * value[k] else -1
        if _product({j: sizes[j] for j in keys}) > target:
            return


def past_tile_variant(src: str, base: dict[str, int], plan: list[dict[str, int]], tile: int | None, seed: int,
                      resample: float, cover: int | None = None, programs: int | None = None) -> Variant | None:
    """A variant past the constants a candidate could size its work by (candidate_tiles.py), where no larger
    variant already is: its row (the size larger_plan grows last) `tile` plus an odd 1..7 drawn from `seed`
    (the widest power-of-two tile the source names), and the product of its sizes past `cover` (the elements a
    launch with a constant grid covers: R8C_02), the batch-like size grown first, then the others, each to an
    odd size; with `programs` (a grid its launches kept at every size: launch_extents.py), the product of the
    sizes but the row past it too (one row a program, whatever the row's length: R9B_10). None where nothing is to pass; a variant that records why it is skipped (`skip`) where a size
    would grow more than PAST_TILE_GROWTH times or the product pass PAST_TILE_ELEMENTS. Its launches are not
    compiled (a large block costs minutes to compile for the GPU target on a CPU: runs.check_variant). A tile
    too far to pass within PAST_TILE_GROWTH does not keep the variant from passing the cover. `tile` and
    `cover` come from the source (candidate_tiles.py) and, under the interpreter, from what the launches did
    (launch_extents.py)."""
    found = list(size_discovery.sizes(src))
    found.sort(key=lambda s: 0 if "batch" in s.key.lower() else 1)
    value = {s.key: base.get(s.key, s.value) for s in found}
    keys = [s.key for s in found if value[s.key] > 1]
    if not keys or (tile is None and cover is None and programs is None):
        return None
    row = keys[-1]
    sizes = {k: value[k] for k in keys}
    offset = 1 + 2 * (seed % 4)
    far = None  # a tile past the budget: the variant still passes the fixed grid's cover (a decoy tile, R9B_10)
    if tile is not None and max([value[row]] + [p[row] for p in plan if row in p]) <= tile:
        if tile + offset <= PAST_TILE_GROWTH * value[row] or cover is None:
            sizes[row] = tile + offset
        else:
            far = f"a row past tile {tile} would grow past {PAST_TILE_GROWTH}x the task's"
    reached = max([_product(value)] + [_product({**value, **{k: v for k, v in p.items() if k in value}})
                                       for p in plan])
    # a quarter past a cover: what a fixed grid never computes is then no single row that memory which happens
    # to hold zeros hides within tolerance (R9B_10)
    if cover is not None and max(reached, _product(sizes)) <= cover:
        _grow_past(sizes, value, keys, cover + cover // PAST_COVER_MARGIN)  # the batch-like size first
    others = [k for k in keys if k != row]
    if programs is not None and others and _product({k: sizes[k] for k in others}) <= programs:
        # a grid that stays `programs` at every size, one row each: the rows pass it, whatever the row's length
        _grow_past(sizes, value, others, programs + programs // PAST_COVER_MARGIN)
    grown = {k: n for k, n in sizes.items() if n != value[k]}
    if not grown:
        return None if far is None else Variant(PAST_TILE, dict(base), seed, resample=resample, keep_state=True,
                                                skip=far)
    skip = None
    if any(n > PAST_TILE_GROWTH * value[k] for k, n in grown.items()) or (
            cover is not None and _product(sizes) <= cover) or (
            programs is not None and others and _product({k: sizes[k] for k in others}) <= programs):
        skip = f"its sizes would grow past {PAST_TILE_GROWTH}x the task's (tile {tile}, fixed grid cover {cover})"
    elif _product(sizes) > PAST_TILE_ELEMENTS:
        skip = f"its sizes' product {_product(sizes)} would pass {PAST_TILE_ELEMENTS} (tile {tile}, cover {cover})"
    return Variant(PAST_TILE, {**base, **grown}, seed, resample=resample, keep_state=True, skip=skip)


SPLIT_MAX = 6  # equal inline literals split apart only up to this many occurrences (1 + n(n-1)/2 tries)


def equal_size_splits(src: str, overrides: dict[str, int], done: set[str]) -> list[tuple[str, list[dict[str, int]]]]:
    """For each inline size key the variant grows to a size that is no power of two (`get_inputs=V`: equal
    literals moved together) whose literal occurs 2..SPLIT_MAX times, and not split in an earlier variant
    (`done`), the ways to tell its occurrences apart, finest first: every occurrence its own size, then one
    pair equal and the rest apart. The verifier keeps the first the reference runs (a GEMM's inner size must
    match: `randn(64, 64) @ randn(64, 64)` becomes M != K == K != N, R8C_10), else the key as it was. The
    sizes are the grown one plus 2, 4, ... per group, so each stays odd where the grown one is."""
    out = []
    occurrences = size_discovery.inline_occurrences(src)
    for key, grown in overrides.items():
        if not key.startswith("get_inputs=") or "@" in key or key in done or grown & (grown - 1) == 0:
            continue
        v = int(key.split("=", 1)[1])
        n = occurrences.get(v, 0)
        if grown == v or not 2 <= n <= SPLIT_MAX:
            continue
        parts = [list(range(n))] + [[min(j, a) if j in (a, b) else j for j in range(n)]
                                    for a in range(n) for b in range(a + 1, n)]
        tries = []
        for part in parts:
            order = sorted(set(part))
            tries.append({f"{key}@{i}": grown + 2 * order.index(g) for i, g in enumerate(part)})
        out.append((key, tries))
    return out


def multiple_plan(grown: dict[str, int], base: dict[str, int], src: str) -> dict[str, int]:
    """The same sizes grown to whole multiples of the task's (the next multiple above the drawn size, within
    the budget): for a reference that refuses the drawn sizes (a channel count that must divide into groups)."""
    value = {s.key: base.get(s.key, s.value) for s in size_discovery.sizes(src)}
    return {k: value[k] * max(2, min(4, v // value[k])) for k, v in grown.items() if k in value}


def pow2_retry(var: Variant, base: dict[str, int], src: str, budget: float = 2 * GROWTH_BUDGET) -> Variant | None:
    """After a raise at the drawn sizes (strict shapes): the same sizes moved to powers of two, the next one
    up where the variant stays within `budget` times the task's elements, else the one below if it is still
    past the task's size. An honest kernel that needs a power of two (one tile over a whole row for `tl.flip`,
    `tl.gather`, `tl.histogram`: `arange`'s range must be one) runs there and must be right; a kernel that
    raises at every size but the task's raises here too, and fails. None when no size moves."""
    value = {s.key: base.get(s.key, s.value) for s in size_discovery.sizes(src)}
    grown = {k: n for k, n in var.overrides.items() if k in value and n != value[k]}
    out = {k: n for k, n in to_pow2(grown, value, budget).items() if n > value[k] and n & (n - 1) == 0}
    if not out or out == grown:  # nothing moves, or the variant was at powers of two already
        return None
    return Variant(var.name + "_pow2", {**base, **out}, var.seed, resample=var.resample, keep_state=var.keep_state)


def declined_retry(var: Variant, base: dict[str, int], src: str, seed: int) -> Variant | None:
    """A second try at other sizes after `var` (a larger variant) was declined, when declining is allowed
    (`verifier.strict_shapes=false`): every size the variant grew, plus an odd offset of 1 to 7 drawn from
    `seed`. None for a variant that changed no size."""
    value = {s.key: base.get(s.key, s.value) for s in size_discovery.sizes(src)}
    grown = {d: n for d, n in var.overrides.items() if n != value.get(d, base.get(d, n))}
    if not grown:
        return None
    step = 1 + 2 * (seed % 4)
    return Variant(var.name + "_retry", {**var.overrides, **{d: n + step for d, n in grown.items()}}, seed + 1,
                   resample=var.resample)


@dataclass
class Variant:
    name: str
    overrides: dict[str, int]
    seed: int
    scale: float = 1.0  # float inputs multiplied by this
    # float inputs x -> x * f + o, f in [0.5, 2] per element and o >= 0 per leading index (build._mix):
    # no longer i.i.d. Gaussian, so closed forms of their statistics and first-row-only shortcuts fail
    mix: bool = False
    dtype: str | None = None  # cast float inputs and both models' params (e.g. "bfloat16")
    # one model instance called once per entry, each call on other inputs and compared with the reference's
    # output on those inputs: a result kept from an earlier call and replayed is wrong there (build.later_inputs)
    grad_modes: list[str] = field(default_factory=lambda: ["no_grad", "no_grad"])
    # the share of each float input's elements (at least one) that a later call draws afresh; the rest keep
    # the first call's values, in the same tensors, so a memo keyed on a sample of the values (or on the
    # tensors' identity) still hits and replays a stale answer
    resample: float = 1 / 8
    # the later calls keep the first call's values with two swapped in every row instead (build.swap_in_rows):
    # every row's sum and extremes stay, so a memo keyed on such a checksum replays stale rows (R9B_08)
    swap_later: bool = False
    # the task's init inputs moved on both sides (init_values.py): the Python floats (a scale, a slope, an eps)
    # each times its own factor, the ints used as values one away from zero: a kernel with the task's value
    # written in as a literal, or one derived from another, computes with the wrong one
    init_factors: tuple[float, ...] = ()
    init_ints: tuple[int, ...] = ()
    init_zero_kept: tuple[int, ...] = ()  # positions whose 0.0 stays (a dropout probability: init_values)
    # values no scale or mix moves (sandbox/worker/value_moves.py): the float init tensors (filter taps), the
    # Python floats get_inputs hands to forward (each times its own factor) and its ints (one away from zero),
    # and the constant float input tensors (a zero hidden state), redrawn; dropped where the reference then
    # fails, the ints first (verifier.py)
    init_tensors: bool = False
    input_factors: tuple[float, ...] = ()
    input_ints: bool = False
    redraw_constant: bool = False
    # the candidate's state is left as its calls leave it (not poisoned between them: state_poison.py), so a
    # memo keyed on a sample of the inputs replays the earlier output, which is wrong or, within tolerance, bit
    # for bit the earlier one (compare.stale_call). The tiny stage and the original variant poison it, which
    # refuses a result computed once and reused (a weight fold); every run ends with it poisoned all the same
    keep_state: bool = False
    # the float64 reference run's float inputs each times (1 + jitter * u), u uniform in [-1, 1]: its spread from
    # the plain float64 run is the task's conditioning (precision.py, K_COND; float64_runs.conditioned)
    jitter: float = 0.0
    jitter_draw: int = 0  # which of precision.COND_DRAWS draws of the jitter
    # the float64 reference run reads its matrix products' operands as TF32 does (sandbox/worker/tf32_operands.py)
    tf32_operands: bool = False

    def run_args(self) -> dict:
        """The inputs, weights and calls a worker's `run` builds from this variant (both models alike)."""
        return {"seed": self.seed, "dtype": self.dtype, "scale": self.scale, "mix": self.mix,
                "grad_modes": self.grad_modes, "resample": self.resample, "swap_later": self.swap_later,
                "init_factors": list(self.init_factors), "init_ints": list(self.init_ints),
                "init_zero_kept": list(self.init_zero_kept), "init_tensors": self.init_tensors,
                "input_factors": list(self.input_factors), "input_ints": self.input_ints,
                "redraw_constant": self.redraw_constant}

    def values_key(self) -> tuple:
        """What the reference's outputs on this variant depend on (runs.run_reference's cache key)."""
        return (self.seed, self.scale, self.dtype, self.mix, tuple(self.grad_modes), self.resample, self.swap_later,
                self.init_factors, self.init_ints, self.init_zero_kept, self.init_tensors, self.input_factors,
                self.input_ints, self.redraw_constant, self.jitter, self.jitter_draw, self.tf32_operands)
    # a variant not run, and why (recorded as skipped: past_tile_variant's budget)
    skip: str | None = None


# The later calls' resample share of each full-stage variant in turn: from 1/8 of the elements down to a few
# (at least one). A memo keyed on k sampled values misses a change of share s with probability about
# exp(-s * k): a large share catches a key of a few values, a small one a key of a whole row or column.
RESAMPLE_LADDER = (1 / 8, 1 / 64, 1 / 512, 1 / 4096, 1 / 32768, 1 / 256, 1 / 2048, 1 / 16, 1 / 128, 1 / 1024)


def without_value_moves(var: Variant) -> list[Variant]:
    """`var` with fewer of the moves of values no scale reaches, for a reference that refuses them: first
    without its forward ints (a size it needs as it is), then without any (init tensors, forward values,
    constant inputs); empty where it has none."""
    out = []
    if var.input_ints:
        out.append(dataclasses.replace(var, input_ints=False))
    if var.init_tensors or var.input_factors or var.redraw_constant or var.input_ints:
        out.append(dataclasses.replace(var, init_tensors=False, input_factors=(), input_ints=False,
                                       redraw_constant=False))
    return out


def multi_input_variants(src: str, base: dict[str, int], seeds: list[int], device: str,
                         multi_input: bool, larger_shapes: str = "every_dim", factor: int = 3,
                         tile: int | None = None, cover: int | None = None,
                         programs: int | None = None) -> list[Variant]:
    """The full stage's variants. `seeds` holds at least 3 fresh seeds; `larger_shapes`: every_dim grows every
    size (larger_plan), batch only the batch-like free one, by `factor`; `tile`: the widest power-of-two tile
    the candidate names (candidate_tiles.widest_tile), `cover`: the most elements a constant grid of its
    covers (candidate_tiles.fixed_grid_cover) and `programs`: a grid capped by a constant
    (candidate_tiles.capped_programs), for past_tile_variant."""
    original = Variant("original", base, seeds[0], grad_modes=["no_grad", "enable_grad"])
    if not multi_input:
        return [original]
    new_seed = Variant("new_seed", base, seeds[1], init_factors=init_values.INIT_FACTORS,
                       init_ints=tuple(init_values.value_int_positions(src)),
                       init_zero_kept=tuple(init_values.random_op_positions(src)), init_tensors=True,
                       input_factors=init_values.INIT_FACTORS, input_ints=True, redraw_constant=True)
    out = [original, Variant("values_x2", base, seeds[0], scale=FLIPPED_SCALE), new_seed,
           Variant("heterogeneous", base, seeds[1], mix=True)]
    if larger_shapes == "every_dim":
        plan = larger_plan(src, base, seeds[2])
        for name, grown in zip(LARGER_VARIANTS, plan):
            out.append(Variant(name, {**base, **grown}, seeds[2]))
        past = past_tile_variant(src, base, plan, tile, seeds[2], 1.0, cover, programs)
        if past is not None:
            out.append(past)
    else:
        free = sorted(free_dims(src), key=lambda n: (0 if "batch" in n.lower() else 1))
        if free:
            consts = {**int_constants(src), **base}
            out.append(Variant("larger_shapes", {**base, free[0]: factor * consts[free[0]]}, seeds[2]))
    # fp16 on every device: kernels with a dtype table support it more often than bf16 (a table without bf16
    # refused an honest kernel on the GPU), and its 10-bit mantissa keeps honest rounding within tolerance
    out.append(Variant("other_precision", base, seeds[0], dtype="float16"))
    # values far below 1 (its own seed: no memo of another variant's inputs scales to it), judged by the
    # measured precision (float64_runs.py, as every fp32 variant): floating point is scale-free, a fixed-point grid or a
    # magic-number round has an absolute resolution, which loses the most here
    # its later call swaps two values in every row (Variant.swap_later): a share drawn afresh changes a row's sum
    out.append(Variant("values_small", base, seeds[2], scale=SMALL_SCALE, swap_later=True))
    assert len(out) <= len(RESAMPLE_LADDER)  # each variant's later call changes a share of its own
    for var, share in zip(out, RESAMPLE_LADDER):
        var.resample = share
        var.keep_state = var is not original  # (see Variant.keep_state)
    return out


# values_x2 multiplies the float inputs by -2: every other variant keeps the inputs' signs, so a kernel for the
# task's non-negative inputs (`torch.rand`: an L1 norm without its abs, R8C_07) passed them all. Where the
# reference's output is not finite on negated inputs, or it raises (log, sqrt, a probability), the verifier
# runs x2 instead (verifier._signs_the_reference_takes): those tasks' inputs have a sign by definition
FLIPPED_SCALE = -2.0

# 2^-5, not smaller: honest formulas that cancel against a constant (exp(x) - 1 where the reference uses expm1,
# log(1 + x)) lose about eps absolute, i.e. 1/scale times more relative; at 2^-7 an honest SELU measured 118 x
# the reference's error (bench/precision_margin.py), while a fixed-point grid still loses 2^5 times more here
SMALL_SCALE = 2.0 ** -5
