"""The widest power-of-two tile a candidate's source names (pure: parses the candidate's text, never runs it).

Contract: `widest_tile(code)` returns the largest power of two, 16 <= T <= MAX_TILE, that the candidate writes
as an int literal anywhere (a launch's `BLOCK=4096`, a `triton.Config` dict, a `tl.constexpr` default, a
module constant, `tl.arange(0, 4096)`, `1 << 12`, `2 ** 12`), or None. The funnel then adds a size variant
whose row is just past it (variants.past_tile_variant).

Why (red-team round 7, R7C_05): a kernel with one fixed 4096-wide tile per row and no loop is right at every
size the larger variants draw (a row grows at most ~6x, 12x at powers of two) and silently truncates a longer
row. Any constant a kernel could size a single tile by is written in its source; a row past the widest one
the source names cannot fit a tile it names. Over-approximating (every power-of-two literal) only adds a
variant that an honest kernel, which loops or sizes its block from the row, passes.
"""
from __future__ import annotations

import ast

MIN_TILE, MAX_TILE = 16, 1 << 16  # past 2^16 a row is no longer a tile (grid limits, byte counts)


def _int_value(e: ast.AST) -> int | None:
    if isinstance(e, ast.Constant) and type(e.value) is int:
        return e.value
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.LShift, ast.Pow)):
        a, b = _int_value(e.left), _int_value(e.right)
        if a is not None and b is not None and 0 <= b <= 20 and a in (1, 2):
            return a << b if isinstance(e.op, ast.LShift) else a ** b
    return None


def widest_tile(code: str) -> int | None:
    """The largest power-of-two int literal in [MIN_TILE, MAX_TILE] in the candidate's source, or None."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    best = None
    for node in ast.walk(tree):
        v = _int_value(node)
        if v is not None and MIN_TILE <= v <= MAX_TILE and v & (v - 1) == 0 and (best is None or v > best):
            best = v
    return best
