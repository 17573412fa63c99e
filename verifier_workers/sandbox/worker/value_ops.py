"""Which allowed torch ops compute values after all: runs in sandbox worker processes only (watch.py asks).

The compute watch allows copies, conversions, factories and data movement by name (watch.ALLOWED_ATEN). A
name does not say whether the op computed the task's values (red-team round 7). The contract here: given one
op's name, arguments and result, return the name under which the watch must count it as compute, or None
where it only moved or relabelled values:

  * `conversion_op`: a dtype conversion is a copy only where it is value-preserving: same dtype, an exact
    widening (bool to anything, int to a wider int, fp16/bf16 -> fp32 -> fp64), a float rounded to one of
    the task's own float dtypes (a kernel's fp32 result cast back to an fp16 task's dtype), or a round trip
    that gives back the source exactly on these values. Anything else is compute, named with its dtypes:
    `_to_copy(float32->bool)` is `x != 0`, `_to_copy(int64->uint8)` is `x & 255` (R7A_02, R7A_10);
  * `dtype_view_op`: a dtype view to another element size selects bytes of elements: `view(int64->uint8)`;
  * `arange_op`: `arange` with a non-integer start, end or step tabulates `start + i*step`, a computed
    table (an ALiBi bias, R7A_03): `arange(non-integer)`;
  * `overlap_copy_op`: a copy (clone/contiguous, cat, stack, pad, conversion) whose source is a view whose
    elements overlap in memory along strides that are not 0 materialises a gather: the im2col of a
    convolution from `unfold` (R7A_04): `clone(overlapping)`; so do a cat/stack of pieces that share memory
    (shifted windows) and copies into slices of a buffer from sources that overlap earlier such copies'
    (watch.py keeps those ranges). A stride-0 broadcast (`expand().contiguous()`)
    stays a copy: honest kernels materialise a broadcast bias that way;
  * `scalar_inplace_op`: scalar in-place arithmetic (mul_/add_/sub_/div_/clamp_) is nn.init's bookkeeping
    only when torch.nn.init's own code calls it (trunc_normal_); from anywhere else it is `mul_(scalar)`, a
    fold of a scale into weights (R7A_08), allowed in a constructor only where the reference's does it.
"""
from __future__ import annotations

import builtins
import sys
import types

import torch
import torch.nn.init as nn_init

_type, _isinstance = builtins.type, builtins.isinstance
_Tensor = torch.Tensor
_getframe = sys._getframe

CONVERSIONS = frozenset({"_to_copy", "to", "copy_", "_copy_from", "_copy_from_and_resize"})
# ops that copy their tensor arguments' values into new memory (what materialises a view)
COPIES = CONVERSIONS | frozenset({"clone", "contiguous", "cat", "stack", "constant_pad_nd"})
_FLOAT_RANK = {torch.float16: 1, torch.bfloat16: 1, torch.float32: 2, torch.float64: 3}
_SHORT = {torch.float16: "float16", torch.bfloat16: "bfloat16", torch.float32: "float32", torch.float64: "float64"}

# code objects of torch.nn.init's functions, captured at import (before any candidate exists): a frame whose
# code is one of these is nn.init's own (a candidate cannot make an identical code object, only a look-alike)
_NN_INIT_CODES = frozenset(f.__code__ for f in vars(nn_init).values() if _isinstance(f, types.FunctionType))
# frames between the Python caller of an op and the watch's __torch_dispatch__
_DISPATCH_MODULES = ("torch.utils._python_dispatch", "torch._ops", "torch._tensor", "torch.overrides",
                     "torch.utils._device", "torch._dynamo.eval_frame", "torch._compile")


def dtype_name(d: torch.dtype) -> str:
    return _SHORT.get(d) or str(d).removeprefix("torch.")


def conversion_pair(name: str, args) -> tuple | None:
    """(source, destination dtype) of a conversion op, or None."""
    if name not in CONVERSIONS or not args or not _isinstance(args[0], _Tensor):
        return None
    if name == "copy_":
        return (args[1], args[0].dtype) if len(args) > 1 and _isinstance(args[1], _Tensor) else None
    if name.startswith("_copy_from"):
        return (args[0], args[1].dtype) if len(args) > 1 and _isinstance(args[1], _Tensor) else None
    return None  # _to_copy / to: the destination dtype is the result's (see conversion_op's `out`)


def _exact_widening(src: torch.dtype, dst: torch.dtype) -> bool:
    if src == torch.bool:
        return True
    if src.is_floating_point and dst.is_floating_point:
        rs, rd = _FLOAT_RANK.get(src), _FLOAT_RANK.get(dst)
        return rs is not None and rd is not None and rd > rs
    if not src.is_floating_point and not src.is_complex and not dst.is_floating_point and not dst.is_complex \
            and dst != torch.bool:
        si, di = torch.iinfo(src), torch.iinfo(dst)
        return di.min <= si.min and di.max >= si.max
    return False


def _round_trip_exact(src: _Tensor, dst: torch.dtype) -> bool:
    """Converting to `dst` and back gives the source exactly (NaN kept as NaN where `dst` holds one)."""
    try:
        back = src.to(dst).to(src.dtype)
        same = back == src
        if dst.is_floating_point or dst.is_complex:
            same = same | ((src != src) & (back != back))
        return bool(same.all())
    except Exception:  # a dtype pair torch cannot convert back: not shown to be exact
        return False


def conversion_op(name: str, args, out, task_dtypes: frozenset) -> str | None:
    """The compute name of a conversion that changes values (module doc), or None. Float -> integer is
    counted by the watch as `float_to_int` whatever the values (not here)."""
    pair = conversion_pair(name, args)
    if pair is None and name in ("_to_copy", "to") and _isinstance(out, _Tensor) and _isinstance(args[0], _Tensor):
        pair = (args[0], out.dtype)
    if pair is None:
        return None
    src, dst = pair
    if src.dtype == dst or _exact_widening(src.dtype, dst):
        return None
    if (src.is_floating_point() or src.is_complex()) and not dst.is_floating_point and not dst.is_complex \
            and dst != torch.bool:
        return None  # float -> int: watch.py's float_to_int
    if src.is_floating_point() and dst.is_floating_point and dst in task_dtypes:
        return None  # rounded to the task's own precision (the precision checks judge the result)
    if src.numel() and _round_trip_exact(src, dst):
        return None
    return f"{name}({dtype_name(src.dtype)}->{dtype_name(dst)})"


def dtype_view_op(args) -> str | None:
    """`t.view(dtype)` to a different element size picks bytes out of elements (`x.view(uint8)[..., ::8]` is
    `x & 255`): compute. A same-size reinterpretation (bool as uint8, int8 as bool) is a relabelling."""
    if len(args) > 1 and _isinstance(args[0], _Tensor) and _isinstance(args[1], torch.dtype):
        src, dst = args[0].dtype, args[1]
        if torch.empty((), dtype=dst).element_size() != args[0].element_size():
            return f"view({dtype_name(src)}->{dtype_name(dst)})"
    return None


def arange_op(args, kwargs) -> str | None:
    """`arange` whose start, end or step is not an integer: a table of start + i*step."""
    vals = list(args) + [v for k, v in (kwargs or {}).items() if k in ("start", "end", "step")]
    for v in vals:
        if _isinstance(v, (float, torch.SymFloat)) and not float(v).is_integer():
            return "arange(non-integer)"
    return None


def _overlaps(t: _Tensor) -> bool:
    """Distinct indices of `t` along strides other than 0 reach the same memory (a sufficient test:
    sorted by stride, each dim must step past the whole extent of the ones below it)."""
    dims = sorted((abs(st), sz) for st, sz in zip(t.stride(), t.shape) if st != 0 and sz > 1)
    extent = 1
    for st, sz in dims:
        if st < extent:
            return True
        extent = st * (sz - 1) + extent
    return False


def touches_again(t: _Tensor, masks: dict) -> bool:
    """Whether `t` reads an element of its storage that an earlier tensor marked in `masks` read (exact, by
    element: a mask over the storage viewed with `t`'s geometry); marks what `t` reads."""
    n, storage = t.element_size(), t.untyped_storage()
    key = (storage.data_ptr(), n, t.device)
    if key not in masks:  # the storage is held with its mask: its address is not reused while `masks` lives
        masks[key] = (torch.zeros(storage.nbytes() // n, dtype=torch.bool, device=t.device), storage)
    mask = masks[key][0]
    view = mask.as_strided(t.shape, t.stride(), t.storage_offset())
    hit = bool(view.any())
    view.fill_(True)
    return hit


def partial_view(t: _Tensor) -> bool:
    """`t` covers less than its storage: a slice of a buffer (a copy into it places data, a pad or a cat)."""
    return t.numel() * t.element_size() < t.untyped_storage().nbytes()


def overlap_copy_op(name: str, args) -> str | None:
    """A copy whose source elements overlap in memory: a gather (im2col), not a copy."""
    if name not in COPIES:
        return None
    srcs: list = []
    for a in args[:2] if name in ("copy_", "_copy_from", "_copy_from_and_resize") else args[:1]:
        if _isinstance(a, (list, tuple)):
            srcs += [x for x in a if _isinstance(x, _Tensor)]
        elif _isinstance(a, _Tensor):
            srcs.append(a)
    if name == "copy_":
        srcs = srcs[1:]  # copy_(dst, src): the source is the second
    if any(s.numel() > 1 and _overlaps(s) for s in srcs):
        return f"{name}(overlapping)"
    if name in ("cat", "stack"):  # pieces that share memory: shifted windows stacked (im2col) or repeats
        masks: dict = {}
        if sum(touches_again(s, masks) for s in srcs if s.numel()):
            return f"{name}(overlapping)"
    return None


def scalar_inplace_op(name: str) -> str:
    """`mul_` where torch.nn.init's own code called it, else `mul_(scalar)` (module doc)."""
    f = _getframe(2)
    while f is not None and (f.f_globals.get("__name__") in _DISPATCH_MODULES
                             or str(f.f_globals.get("__name__", "")).endswith("sandbox.worker.watch")):
        f = f.f_back
    return name if f is not None and f.f_code in _NN_INIT_CODES else f"{name}(scalar)"
