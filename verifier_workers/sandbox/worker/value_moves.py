"""Values of the task's interface that no scale or mix of the inputs moves, moved in a variant (new_seed), the
same in the reference's and the candidate's workers (called by build.py):

- `move_forward_values`: the Python floats get_inputs hands to forward (a scalar multiplier, a temperature),
  each times its own factor, as vary_init moves the init floats; and, on request, its Python ints one away
  from zero (a dim, a count, a shift: a kernel with the task's written in is wrong). An int the reference
  needs as it is (a size that must divide another) makes it raise: the supervisor then keeps the ints.
- `redraw_constant`: a float input tensor whose elements all hold one value (a zero hidden state, a mask of
  ones, a scalar tensor) becomes random values of its shape and dtype: a zero one standard normal, any other
  the constant times 2**U(-1, 1) per element (its sign kept: a positive scale or variance stays positive).
  Scaling (values x2) and mixing keep a zero at zero, so a kernel that assumed the zeros (dropping the
  recurrent term of an RNN cell, R9A_07) passed every other variant.
- `move_init_tensor`: a float tensor among the init inputs (filter taps, a table handed to the constructor)
  times its factor and 2**U(-1/2, 1/2) per element: a kernel with the task's taps written in is wrong
  (R9A_14); signs and zeros are kept.

Why: every value the task's interface lets a user change must be moved by some variant, with the reference
recomputed on the moved values. The supervisor drops these moves where the reference then raises or its
output is not finite (funnel/verifier.py), so a task whose values have a domain keeps its other checks.
All draws come from CPU generators seeded by the variant's seed and the value's position.
"""
from __future__ import annotations

import builtins

import torch

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _isinstance = builtins.type, builtins.isinstance
_Tensor = torch.Tensor


def _gen(seed: int, position: int, salt: int) -> torch.Generator:
    return torch.Generator().manual_seed((seed * 7_919 + 104_729 * position + salt) % 2**31)


def move_forward_values(inputs: list, factors: list[float] | None, ints: bool = False) -> list:
    """The inputs with each Python float (top level) times factors[j % len(factors)], j counting floats, and
    with `ints` each Python int (not a bool) one away from zero."""
    out, j = [], 0
    for x in inputs:
        if _type(x) is float and factors:
            x = x * float(factors[j % len(factors)])
            j += 1
        elif _type(x) is int and ints:
            x = x + 1 if x >= 0 else x - 1
        out.append(x)
    return out


def constant_value(x: torch.Tensor) -> float | None:
    """The value every element of a float tensor holds, else None (empty or non-float tensors: None)."""
    if not x.is_floating_point() or x.numel() == 0:
        return None
    c = x.reshape(-1)[0]
    return float(c) if bool((x == c).all()) else None


def redraw_constant(x: torch.Tensor, seed: int, position: int) -> torch.Tensor:
    """`x` redrawn where it is a constant float tensor (see the module docstring), else `x` itself."""
    c = constant_value(x)
    if c is None or c != c or c in (float("inf"), float("-inf")):
        return x
    gen = _gen(seed, position, 0xC0)
    if c == 0.0:
        new = torch.randn(tuple(x.shape), generator=gen)
    else:
        new = c * torch.pow(2.0, torch.rand(tuple(x.shape), generator=gen) * 2 - 1)
    return new.to(dtype=x.dtype, device=x.device)


def move_init_tensor(x: torch.Tensor, factor: float, position: int) -> torch.Tensor:
    """A float init tensor times `factor` and 2**U(-1/2, 1/2) per element (a new tensor); others as they are."""
    if not _isinstance(x, _Tensor) or _type(x) is not _Tensor or not x.is_floating_point() or x.numel() == 0:
        return x
    gen = _gen(0, position, 0x1A)
    f = torch.pow(2.0, torch.rand(tuple(x.shape), generator=gen) - 0.5)
    with torch.no_grad():
        return (x.detach().to(torch.float64) * factor * f.to(torch.float64)).to(dtype=x.dtype, device=x.device)
