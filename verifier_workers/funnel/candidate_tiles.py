"""The constants a candidate could size its work by (pure: parses the candidate's text, never runs it).

Contract:
- `widest_tile(code)`: the largest power of two, MIN_TILE <= T <= MAX_TILE, that any constant int expression
  of the candidate's source evaluates to (a literal `BLOCK=4096`, `1 << 12`, `2 ** 12`, `4 << 10`, `64 * 64`, a
  module constant `ROW_TILE = 4 << 10` read anywhere, a `triton.Config` dict, a `tl.constexpr` default), or
  None;
- `fixed_grid_cover(code)`: the largest number of elements a launch with a constant grid could cover, or None:
  for each launch `kernel[grid](...)` whose grid is made of constants only, the product of the grid and of every
  constant int argument of the launch (launch options aside, an argument that repeats a grid element counted
  once), capped at MAX_COVER;
- `row_tile(code)`: the most elements of a row one program could reach: `widest_tile`, or a fixed unroll's reach
  (`fixed_reach`: a loop of a constant trip count over a tile, `for c in tl.static_range(CHUNKS)` with
  `CHUNKS=5, BLOCK=512` at the launch: 2560, no power of two, past every row the larger variants draw: R10A_12);
- `capped_programs(code)`: the most programs of a launch whose grid is capped by a constant (`min(M, 528)`),
  or None: the rows past it are what such a kernel with no grid-stride loop never writes.
The funnel then adds a size variant whose row is past the tile and whose elements are past the cover
(variants.past_tile_variant).

Why: a kernel with one fixed 4096-wide tile per row and no loop (R7C_05), written `4 << 10` (R8C_01), is right
at every size the larger variants draw and silently truncates a longer row; a persistent launch of a fixed
grid x trip count x block (32 x 16 x 4096 = 2^21, R8C_02) leaves elements past its cover unwritten. Any
constant a kernel could size its work by is written in its source, as an expression of constants: evaluating
every such expression (and a launch's constants together) over-approximates it, which only adds a variant
that an honest kernel, which sizes its grid or loop from the inputs, passes.
"""
from __future__ import annotations

import ast
import math

MIN_TILE, MAX_TILE = 16, 1 << 16  # past 2^16 a row is no longer a tile (grid limits, byte counts)
MAX_COVER = 1 << 26  # past this no variant could reach it anyway (variants.PAST_TILE_ELEMENTS)
_MAX_INT = 1 << 40  # an evaluation stops past this (no huge powers)
LAUNCH_OPTIONS = frozenset({"num_warps", "num_stages", "num_ctas", "maxnreg", "launch_pdl"})


def _eval(e: ast.AST, env: dict[str, int]) -> int | None:
    """The int a constant expression evaluates to (literals, module constants, + - * // % << >> **), else None."""
    if isinstance(e, ast.Constant):
        return e.value if type(e.value) is int else None
    if isinstance(e, ast.Name):
        return env.get(e.id)
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "constexpr" \
            and len(e.args) == 1:  # tl.constexpr(4096)
        return _eval(e.args[0], env)
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub):
        x = _eval(e.operand, env)
        return -x if x is not None else None
    if not isinstance(e, ast.BinOp):
        return None
    a, b = _eval(e.left, env), _eval(e.right, env)
    if a is None or b is None:
        return None
    op = type(e.op)
    if op is ast.Add:
        v = a + b
    elif op is ast.Sub:
        v = a - b
    elif op is ast.Mult:
        v = a * b
    elif op in (ast.FloorDiv, ast.Mod):
        if b == 0:
            return None
        v = a // b if op is ast.FloorDiv else a % b
    elif op is ast.LShift:
        v = a << b if 0 <= b <= 40 else None
    elif op is ast.RShift:
        v = a >> b if 0 <= b <= 64 else None
    elif op is ast.Pow:
        v = a ** b if 0 <= b <= 40 and abs(a) <= 1 << 20 else None
    else:
        return None
    return v if v is not None and abs(v) <= _MAX_INT else None


def _module_constants(tree: ast.Module) -> dict[str, int]:
    """Names bound exactly once in the whole file (module level, a class body or a function's local:
    `ITERS = 16` inside forward) to a constant int expression of literals and such names. A parameter of the
    same name (a kernel's `ITERS: tl.constexpr`) is not a binding here: the launch passes the constant to it."""
    env: dict[str, int] = {}
    seen: dict[str, int] = {}
    pairs = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    pairs.append((t.id, node.value))
                elif isinstance(t, ast.Tuple):
                    if isinstance(node.value, ast.Tuple) and len(t.elts) == len(node.value.elts):
                        pairs += [(x.id, v) for x, v in zip(t.elts, node.value.elts) if isinstance(x, ast.Name)]
                    else:
                        pairs += [(x.id, None) for x in t.elts if isinstance(x, ast.Name)]
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
            pairs.append((node.target.id, node.value if isinstance(node, ast.AnnAssign) else None))
        elif isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.target, ast.Name):
            pairs.append((node.target.id, None))
    for name, _ in pairs:
        seen[name] = seen.get(name, 0) + 1
    for _ in range(3):  # names computed from names bound later in the walk's order
        for name, value in pairs:
            if seen[name] == 1 and value is not None and name not in env:
                v = _eval(value, env)
                if v is not None:
                    env[name] = v
    return env


def _parse(code: str) -> tuple[ast.Module, dict[str, int]] | None:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return None
    return tree, _module_constants(tree)


def widest_tile(code: str) -> int | None:
    """The largest power of two in [MIN_TILE, MAX_TILE] that a constant expression of the source evaluates to."""
    parsed = _parse(code)
    if parsed is None:
        return None
    tree, env = parsed
    best = None
    for node in ast.walk(tree):
        if isinstance(node, ast.expr):
            v = _eval(node, env)
            if v is not None and MIN_TILE <= v <= MAX_TILE and v & (v - 1) == 0 and (best is None or v > best):
                best = v
    return best


def _trip_counts(tree: ast.Module, env: dict[str, int]) -> dict[str, list]:
    """kernel name -> the trip counts of its loops with a fixed count: an int, or the name of its parameter
    that sets it (`for c in tl.static_range(CHUNKS)`, `range(0, CHUNKS)`, `tl.range(4)`)."""
    out: dict[str, list] = {}
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        params = {a.arg for a in fn.args.args}
        for loop in ast.walk(fn):
            it = loop.iter if isinstance(loop, ast.For) else None
            if not (isinstance(it, ast.Call) and len(it.args) in (1, 2) and not it.keywords
                    and (getattr(it.func, "id", None) or getattr(it.func, "attr", None)) in ("range", "static_range")):
                continue
            if len(it.args) == 2 and _eval(it.args[0], env) != 0:
                continue
            stop = it.args[-1]
            v = _eval(stop, env) if not (isinstance(stop, ast.Name) and stop.id in params) else None
            trip = v if v is not None else stop.id if isinstance(stop, ast.Name) and stop.id in params else None
            if trip is not None:
                out.setdefault(fn.name, []).append(trip)
    return out


def fixed_reach(code: str) -> int | None:
    """The largest reach of a fixed unroll: for a launch of a kernel that loops a fixed number of times (a
    constant, or a parameter the launch gives a constant), that count times the widest power-of-two tile among
    the launch's constant arguments (R10A_12: 5 x 512). None where no launch has one."""
    parsed = _parse(code)
    if parsed is None:
        return None
    tree, env = parsed
    trips = _trip_counts(tree, env)
    params = {fn.name: [a.arg for a in fn.args.args] for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)}
    best = None
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Subscript)
                and isinstance(call.func.value, ast.Name) and call.func.value.id in trips):
            continue
        name = call.func.value.id
        given = dict(zip(params[name], call.args)) | {k.arg: k.value for k in call.keywords if k.arg}
        consts = {p: _eval(a, env) for p, a in given.items() if p not in LAUNCH_OPTIONS}
        tiles = [v for v in consts.values() if v is not None and MIN_TILE <= v <= MAX_TILE and v & (v - 1) == 0]
        counts = [t if isinstance(t, int) else consts.get(t) for t in trips[name]]
        counts = [c for c in counts if c is not None and 1 < c <= MAX_TILE]
        reach = max(counts) * max(tiles) if tiles and counts else 0
        if MIN_TILE <= reach <= MAX_TILE:  # (past 2^16 a row is no tile: widest_tile's bound, no farther decoy)
            best = reach if best is None else max(best, reach)
    return best


def row_tile(code: str) -> int | None:
    """The widest row a program could cover with constants: widest_tile, or fixed_reach where it is wider."""
    found = [t for t in (widest_tile(code), fixed_reach(code)) if t is not None]
    return max(found) if found else None


def _grid_elements(grid: ast.AST, env: dict[str, int]) -> list[ast.expr] | None:
    """The grid's elements where it is a tuple (or a lambda returning one, or a name bound to one), else None."""
    if isinstance(grid, ast.Lambda):
        grid = grid.body
    if isinstance(grid, (ast.Tuple, ast.List)):
        return list(grid.elts)
    if _eval(grid, env) is not None:  # `k[n_programs]`
        return [grid]
    return None


def _capped(e: ast.AST, env: dict[str, int]) -> int | None:
    """`min(M, 4 * 132)`: a grid dimension that stops growing at a constant (a persistent grid: a kernel with no
    grid-stride loop leaves the rows past it unwritten, R10A_13), else None."""
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "min":
        caps = [v for v in (_eval(a, env) for a in e.args) if v is not None]
        return min(caps) if caps else None
    return None


def capped_programs(code: str) -> int | None:
    """The most programs of a launch whose grid is capped by a constant (`min(M, 528)`, R10A_13), or None: past
    that many rows, a kernel with one row a program and no grid-stride loop writes nothing (past_tile_variant's
    `programs`)."""
    parsed = _parse(code)
    if parsed is None:
        return None
    tree, env = parsed
    best = None
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Subscript):
            elts = _grid_elements(call.func.slice, env) or []
            caps = [_capped(e, env) for e in elts]
            values = [_eval(e, env) if c is None else c for e, c in zip(elts, caps)]
            if any(c is not None for c in caps) and all(v is not None for v in values):
                n = math.prod(max(1, v) for v in values)
                best = n if best is None else max(best, n)
    return best


def grid_caps(code: str) -> tuple[int | None, int | None]:
    """(fixed_grid_cover(code), capped_programs(code)): what past_tile_variant passes."""
    return fixed_grid_cover(code), capped_programs(code)


def fixed_grid_cover(code: str) -> int | None:
    """The largest element count a launch with an all-constant grid could cover (see the module docstring)."""
    parsed = _parse(code)
    if parsed is None:
        return None
    tree, env = parsed
    tuples = {n.targets[0].id: n.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
              and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
              and isinstance(n.value, (ast.Tuple, ast.Lambda))}
    best = None
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Subscript)):
            continue
        grid = call.func.slice
        if isinstance(grid, ast.Name) and grid.id in tuples:
            grid = tuples[grid.id]
        elts = _grid_elements(grid, env)
        if not elts:
            continue
        values = [_eval(e, env) for e in elts]
        if any(v is None for v in values):
            continue  # a grid sized from the inputs: no fixed cover
        cover = 1
        for v in values:
            cover *= max(1, v)
        grid_text = {ast.dump(e) for e in elts}
        args = list(call.args) + [k.value for k in call.keywords if k.arg not in LAUNCH_OPTIONS]
        for a in args:
            v = _eval(a, env)
            if v is not None and v > 1 and ast.dump(a) not in grid_text:
                cover = min(cover * v, MAX_COVER)
        best = cover if best is None else max(best, cover)
    return best
