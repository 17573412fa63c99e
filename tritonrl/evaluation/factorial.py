"""Main effects and two-way interactions of boolean toggles over a full factorial sweep (the 16-cell
extension ablation). Pure functions, no I/O.

Contract: `factorial_effects(cells, toggles)` takes one (toggles -> bool, outcome) pair per cell, every
combination of `toggles` exactly once, and returns {toggle: main effect, "A x B": interaction}, ±1 coded:
effect = 2/N * sum(sign * y). A main effect is mean(y | A on) - mean(y | A off); an interaction is half the
change of A's effect when B turns on. With any combination missing or repeated the effects are confounded,
so it raises ValueError.
"""
from __future__ import annotations

import itertools


def factorial_effects(cells: list[tuple[dict[str, bool], float]], toggles: list[str]) -> dict[str, float]:
    combos = [tuple(bool(c[k]) for k in toggles) for c, _ in cells]
    if len(set(combos)) != 2 ** len(toggles) or len(combos) != len(set(combos)):
        raise ValueError(f"factorial_effects needs each of the {2 ** len(toggles)} combinations once, "
                         f"got {len(combos)} cells ({len(set(combos))} distinct)")
    n = len(cells)
    sign = lambda c, k: 1.0 if c[k] else -1.0  # noqa: E731
    eff = {k: 2.0 / n * sum(sign(c, k) * y for c, y in cells) for k in toggles}
    for a, b in itertools.combinations(toggles, 2):
        eff[f"{a} x {b}"] = 2.0 / n * sum(sign(c, a) * sign(c, b) * y for c, y in cells)
    return eff
