"""Input variants of a task: size overrides applied to the reference source, tiny sizes, and the
multi-input set (original, values x2, new seed, heterogeneous values, larger shapes, other precision, small
values), each
with its forward calls (grad modes, and the share of the inputs a later call changes).

Everything here is pure: it rewrites the (trusted) reference source as text and never runs it.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field

from tritonrl.verifier_workers.funnel import init_values


def int_constants(src: str) -> dict[str, int]:
    """Module-level `NAME = <int literal>` assignments of a reference."""
    out = {}
    for node in ast.parse(src).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and type(node.value.value) is int):
            out[node.targets[0].id] = node.value.value
    return out


def apply_overrides(src: str, overrides: dict[str, int]) -> str:
    """Rewrite module-level int constants (so derived constants and default args follow them)."""
    if not overrides:
        return src
    tree = ast.parse(src)
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id in overrides):
            node.value = ast.copy_location(ast.Constant(int(overrides[node.targets[0].id])), node.value)
    return ast.unparse(tree) + "\n"


def _names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def free_dims(src: str) -> list[str]:
    """Int constants read only by get_inputs (not by the model, get_init_inputs or other constants):
    sizes that can change without changing the model's weights."""
    tree = ast.parse(src)
    consts = int_constants(src)
    used_by_inputs: set[str] = set()
    used_elsewhere: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "get_inputs":
            used_by_inputs |= _names_in(node)
        elif isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) and t.id in consts for t in node.targets):
            continue
        else:
            used_elsewhere |= _names_in(node)
    return [n for n in consts if n in used_by_inputs and n not in used_elsewhere and consts[n] > 1]


def _global_reads(node: ast.AST) -> set[str]:
    """Names a statement reads from the module: a function's own parameters and locals left out (`Model`'s
    `__init__(self, dim)` reads its argument, not the module's `dim`)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        a = node.args
        own = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if x is not None}
        own |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - own
    if isinstance(node, ast.ClassDef):
        out: set[str] = set()
        for child in node.body:
            out |= _global_reads(child)
        for e in node.bases + node.decorator_list:
            out |= _names_in(e)
        return out
    return _names_in(node)


def shared_dims(src: str) -> list[str]:
    """Int constants read by get_inputs and by get_init_inputs only (a feature count that sizes both the input
    and the weights): changing one rebuilds both models with other weight shapes, from the same seed."""
    tree = ast.parse(src)
    consts = int_constants(src)
    reads: dict[str, set[str]] = {"get_inputs": set(), "get_init_inputs": set(), "elsewhere": set()}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in ("get_inputs", "get_init_inputs"):
            reads[node.name] |= _names_in(node)
        elif isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) and t.id in consts for t in node.targets):
            continue
        else:
            reads["elsewhere"] |= _global_reads(node)
    return [n for n in consts if n in reads["get_inputs"] and n in reads["get_init_inputs"]
            and n not in reads["elsewhere"] and consts[n] > 1]


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


LARGER_DIMS = 2  # at most this many sizes grow at once: 3 x 2 = 6x the elements (x3 on each of 4 dims: 81x)


def larger_overrides(src: str, base: dict[str, int], mode: str = "every_dim", factor: int = 3
                     ) -> dict[str, int] | None:
    """`every_dim`: the batch-like free dim (the first, if none is named batch) times `factor`, the next free
    dims, then the sizes the weights share (`shared_dims`), doubled, LARGER_DIMS in all, so a kernel
    that hard-codes a size (a row length, a channel or feature count, a grid sized for twice the batch)
    computes wrong there, while the inputs stay small enough for the CPU interpreter (and its race tracker's
    byte limit). `batch`: only the batch-like free dim."""
    free = sorted(free_dims(src), key=lambda n: (0 if "batch" in n.lower() else 1))
    consts = {**int_constants(src), **base}
    if mode == "every_dim":
        dims = free + shared_dims(src)  # after the input-only sizes: a feature count the weights share
        grown = {d: (factor if i == 0 and free else 2) * consts[d] for i, d in enumerate(dims[:LARGER_DIMS])}
        return {**base, **grown} if grown else None
    return {**base, free[0]: factor * consts[free[0]]} if free else None


def other_dims_overrides(src: str, base: dict[str, int], larger: dict[str, int], seed: int
                         ) -> dict[str, int] | None:
    """The sizes larger_overrides left alone (a matmul's N after M and K), doubled, LARGER_DIMS at most (chosen
    by `seed` when more are left): across the two larger variants every free size grows at least once when
    there are four or fewer, and a kernel that caps the third one (a fixed tile with no grid over it) is seen.
    None when every size grew already."""
    consts = {**int_constants(src), **base}
    dims = free_dims(src) + [d for d in shared_dims(src) if d not in free_dims(src)]
    left = [d for d in dims if larger.get(d, consts[d]) == consts[d]]
    if not left:
        return None
    if len(left) > LARGER_DIMS:
        start = seed % len(left)
        left = (left[start:] + left[:start])[:LARGER_DIMS]
    return {**base, **{d: 2 * consts[d] for d in left}}


def declined_retry(var: Variant, base: dict[str, int], src: str, seed: int) -> Variant | None:
    """A second try at other sizes after `var` (a larger variant) was declined: every size the variant grew,
    plus an odd offset of 1 to 7 drawn from `seed`, so it is a multiple neither of the task's size nor of the
    declined one. A kernel specialised for the task's sizes raises here too; one that declines only the sizes
    the verifier tends to pick runs, and must be right. None for a variant that changed no size."""
    consts = {**int_constants(src), **base}
    grown = {d: n for d, n in var.overrides.items() if n != consts.get(d, n)}
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
    # the task's init inputs moved on both sides (init_values.py): the Python floats (a scale, a slope, an eps)
    # each times its own factor, the ints used as values one away from zero: a kernel with the task's value
    # written in as a literal, or one derived from another, computes with the wrong one
    init_factors: tuple[float, ...] = ()
    init_ints: tuple[int, ...] = ()
    # the candidate's state is left as its calls leave it (not poisoned between them: state_poison.py), so a
    # memo keyed on a sample of the inputs replays the earlier output, which is wrong or, within tolerance, bit
    # for bit the earlier one (compare.stale_call). The tiny stage and the original variant poison it, which
    # refuses a result computed once and reused (a weight fold); every run ends with it poisoned all the same
    keep_state: bool = False


# The later calls' resample share of each full-stage variant in turn: from 1/8 of the elements down to a few
# (at least one). A memo keyed on k sampled values misses a change of share s with probability about
# exp(-s * k): a large share catches a key of a few values, a small one a key of a whole row or column.
RESAMPLE_LADDER = (1 / 8, 1 / 64, 1 / 512, 1 / 4096, 1 / 32768, 1 / 256, 1 / 16)


def multi_input_variants(src: str, base: dict[str, int], seeds: list[int], device: str,
                         multi_input: bool, larger_shapes: str = "every_dim", factor: int = 3) -> list[Variant]:
    """The full stage's variants. `seeds` holds at least 3 fresh seeds; `larger_shapes`: see larger_overrides."""
    original = Variant("original", base, seeds[0], grad_modes=["no_grad", "enable_grad"])
    if not multi_input:
        return [original]
    new_seed = Variant("new_seed", base, seeds[1], init_factors=init_values.INIT_FACTORS,
                       init_ints=tuple(init_values.value_int_positions(src)))
    out = [original, Variant("values_x2", base, seeds[0], scale=2.0), new_seed,
           Variant("heterogeneous", base, seeds[1], mix=True)]
    larger = larger_overrides(src, base, larger_shapes, factor)
    if larger is not None:
        out.append(Variant("larger_shapes", larger, seeds[2]))
        other = other_dims_overrides(src, base, larger, seeds[2]) if larger_shapes == "every_dim" else None
        if other is not None:
            out.append(Variant("larger_other_dims", other, seeds[2]))
    # fp16 on every device: kernels with a dtype table support it more often than bf16 (a table without bf16
    # refused an honest kernel on the GPU), and its 10-bit mantissa keeps honest rounding within tolerance
    out.append(Variant("other_precision", base, seeds[0], dtype="float16"))
    for var, share in zip(out, RESAMPLE_LADDER):
        var.resample = share
        var.keep_state = var is not original  # (see Variant.keep_state)
    # values far below 1 (its own seed: no memo of another variant's inputs scales to it), judged by the
    # measured precision (runs.PRECISION_VARIANTS): floating point is scale-free, a fixed-point grid or a
    # magic-number round has an absolute resolution, which loses the most here
    out.append(Variant("values_small", base, seeds[2], scale=SMALL_SCALE, keep_state=True))
    return out


# 2^-5, not smaller: honest formulas that cancel against a constant (exp(x) - 1 where the reference uses expm1,
# log(1 + x)) lose about eps absolute, i.e. 1/scale times more relative; at 2^-7 an honest SELU measured 118 x
# the reference's error (bench/precision_margin.py), while a fixed-point grid still loses 2^5 times more here
SMALL_SCALE = 2.0 ** -5
