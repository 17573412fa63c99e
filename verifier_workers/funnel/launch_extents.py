"""The tiles and grids a candidate's launches kept whatever the sizes (pure: reads the run records the candidate's
worker returned, `extents`: sandbox/worker/launch_spec.launch_extent, under the interpreter and on a GPU).

Contract:
- `LaunchRun(sizes, extents)`: one run of the candidate at one set of sizes (the variant's overrides) and
  the distinct launches it made there: {"kernel": "name:line", "grid": [ints], "consts": [int constexprs]};
- `fixed_tile(runs, src)`: the largest power of two MIN_TILE <= T <= MAX_TILE that one kernel took as a
  constexpr at two different sets of sizes, other than one of those sizes themselves, or None;
- `fixed_grid_cover(runs, task_sizes, static_tile)`: for each kernel whose grid was the same at two different
  sets of sizes, its programs times its widest power-of-two constexpr at the task's own sizes (or, with none,
  `static_tile`): the most elements that launch could reach without a loop; the largest over kernels, or None;
  `fixed_grid_programs(runs)`: the most programs of such a grid (the rows past it: one row a program);
- `with_past_tile(var_list, at, ...)`: the full stage's variants with the past-tile variant at `at` (after the
  larger variants, whose runs are in `runs`) replaced or inserted, past these as well as past the constants
  the source names (candidate_tiles.py); the list as it was where the launches kept nothing fixed.

Why: a tile or a grid written as a literal is found in the source (candidate_tiles.py), but one computed at run
time (`int(math.pow(2, 12))`: R9B_06) or named by a module constant the grid takes (`GRID_ROWS = 512` with the
block `next_power_of_2(N)` from the inputs: R9B_10) is not, or not with the block it multiplies. What the
launches did is: a block that stays 4096 at every size, a grid that stays 512 programs while the rows grow. A
kernel that sizes its block and grid from its inputs shows neither (next_power_of_2(N) moves with N), or,
where two sizes happen to round alike, only adds a variant an honest kernel passes.
"""
from __future__ import annotations

from dataclasses import dataclass

from tritonrl.verifier_workers.funnel import candidate_tiles, size_discovery, variants
from tritonrl.verifier_workers.funnel.candidate_tiles import MAX_COVER, MAX_TILE, MIN_TILE


@dataclass(frozen=True)
class LaunchRun:
    sizes: tuple[tuple[str, int], ...]  # the variant's size overrides, sorted
    extents: tuple[dict, ...]

    @staticmethod
    def of(overrides: dict[str, int], extents: list | None) -> "LaunchRun":
        ok = tuple(e for e in extents or () if isinstance(e, dict) and isinstance(e.get("kernel"), str))
        return LaunchRun(tuple(sorted((str(k), int(v)) for k, v in overrides.items())), ok)


def _tiles(extent: dict) -> list[int]:
    return [v for v in extent.get("consts") or () if type(v) is int and MIN_TILE <= v <= MAX_TILE and v & (v - 1) == 0]


def _programs(extent: dict) -> int:
    n = 1
    for d in extent.get("grid") or ():
        n *= max(1, int(d))
    return n


def _size_values(src: str | None, run: LaunchRun) -> set[int]:
    """The values of the reference's sizes at this run (its overrides over the task's)."""
    if src is None:
        return set()
    over = dict(run.sizes)
    return {over.get(s.key, s.value) for s in size_discovery.sizes(src)}


def fixed_tile(runs: list[LaunchRun], src: str | None = None) -> int | None:
    """The widest power-of-two constexpr one kernel took at two different sets of sizes (see module doc); with
    the reference's source, a constexpr equal to one of the run's sizes is that size passed in (`N: tl.constexpr`
    for a power-of-two kernel at power-of-two sizes), which follows the sizes, not a tile."""
    seen: dict[tuple[str, int], set] = {}
    for run in runs:
        sizes = _size_values(src, run)
        for e in run.extents:
            for t in _tiles(e):
                if t not in sizes:
                    seen.setdefault((e["kernel"], t), set()).add(run.sizes)
    fixed = [t for (_, t), sizes in seen.items() if len(sizes) >= 2]
    return max(fixed) if fixed else None


def _fixed_grids(runs: list[LaunchRun]) -> list[tuple[str, tuple]]:
    """(kernel, grid) pairs seen at two or more different sets of sizes."""
    grids: dict[tuple[str, tuple], set] = {}
    for run in runs:
        for e in run.extents:
            grids.setdefault((e["kernel"], tuple(e.get("grid") or ())), set()).add(run.sizes)
    return [kg for kg, sizes in grids.items() if len(sizes) >= 2]


def fixed_grid_programs(runs: list[LaunchRun]) -> int | None:
    """The most programs of a grid that stayed the same at two different sets of sizes, or None."""
    return max((_programs({"grid": list(g)}) for _, g in _fixed_grids(runs)), default=None)


def fixed_grid_cover(runs: list[LaunchRun], task_sizes: dict[str, int], static_tile: int | None) -> int | None:
    """The most elements a grid that stayed the same at two sets of sizes could reach (see module doc)."""
    task = LaunchRun.of(task_sizes, []).sizes
    best = None
    for kernel, grid in _fixed_grids(runs):
        own = [t for run in runs if run.sizes == task for e in run.extents if e["kernel"] == kernel
               for t in _tiles(e)]
        tile = max(own) if own else (static_tile or 1)
        cover = min(_programs({"grid": list(grid)}) * tile, MAX_COVER)
        best = cover if best is None else max(best, cover)
    return best


def with_past_tile(var_list: list, at: int, src: str, base: dict[str, int], seed: int, code: str,
                   runs: list[LaunchRun]) -> list:
    """See the module docstring. `seed`: the larger variants' (their plan is drawn from it again)."""
    static_tile = candidate_tiles.widest_tile(code)
    runtime_tile, runtime_cover = fixed_tile(runs, src), fixed_grid_cover(runs, base, static_tile)
    if runtime_tile is None and runtime_cover is None:
        return var_list
    tiles = [t for t in (candidate_tiles.row_tile(code), runtime_tile) if t is not None]
    covers = [c for c in (candidate_tiles.fixed_grid_cover(code), runtime_cover) if c is not None]
    past = at < len(var_list) and var_list[at].name == variants.PAST_TILE
    ladder = variants.RESAMPLE_LADDER
    share = var_list[at].resample if past else ladder[len(var_list) % len(ladder)]
    programs = [p for p in (fixed_grid_programs(runs), candidate_tiles.capped_programs(code)) if p is not None]
    new = variants.past_tile_variant(src, base, variants.larger_plan(src, base, seed), max(tiles, default=None),
                                     seed, share, max(covers, default=None), max(programs, default=None))
    if new is None:
        return var_list
    return var_list[:at] + [new] + var_list[at + 1 if past else at:]
