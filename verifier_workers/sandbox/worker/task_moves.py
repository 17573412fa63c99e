"""Data movement that is the task's work: runs in sandbox worker processes only (red-team rounds 7 and 8).

Contract:
  * `OpNames`, a dispatch mode around the reference's forward, records which data-movement ops of REF_MOVES it
    performs on data derived from its inputs or its model's tensors (taint by storage: a tensor made by an op
    that read a tainted tensor is tainted). `expand_copy` stands for a materialised broadcast (a copy whose
    source has a stride-0 dimension of size > 1: `repeat_interleave`, `expand(...).contiguous()`).
  * A task whose reference does any of them is a *move task*. In a move task the candidate's PyTorch may
    still make plain layout copies (`.contiguous()`/`.clone()`/`.to()` of one tensor, every element once, in
    its own order), but
    `move_op` names as the task's (`cat(the task's)`, ...) every materialising move that combines several
    sources (cat, stack), pads, duplicates elements (a copy of a stride-0 broadcast), or reorders them (a copy
    of a permuted view: `reorders`): whatever aten op the candidate picks, the move is the task's and must be
    Triton's (R7A_01 by name; R8A_01 a roll done as a cat, R8A_02 a cat done as a stack, R8A_08 a repeat done
    as expand+reshape; round 9: R9A_03 a pixel shuffle done as view+permute+contiguous, R9A_15 a nearest
    upsampling, now a move, done as expand+reshape). Copies into slices of a buffer are judged by watch.py
    (`copy_(the task's)`).
Why not op by op: the same op is layout in one task and the task in another, and a move has many spellings.
"""
from __future__ import annotations

import builtins

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from tritonrl.verifier_workers.sandbox.precision import FLOAT64_TASK, compute_precision, matrix_product
from tritonrl.verifier_workers.sandbox.worker.provenance import tensors_in

_isinstance = builtins.isinstance
_Tensor = torch.Tensor

# aten ops that move (select, reorder, replicate, combine) elements rather than compute them
REF_MOVES = frozenset("""
cat stack constant_pad_nd roll repeat repeat_interleave flip gather index_select index take narrow_copy
reflection_pad1d reflection_pad2d reflection_pad3d replication_pad1d replication_pad2d replication_pad3d
im2col col2im pixel_shuffle pixel_unshuffle channel_shuffle embedding expand_copy
upsample_nearest1d upsample_nearest2d upsample_nearest3d _upsample_nearest_exact1d _upsample_nearest_exact2d
_upsample_nearest_exact3d permuted_copy diagonal diagonal_copy
""".split())
# a selection no slice reaches (a diagonal: a view, or `torch.diag` of a matrix as diagonal_copy): in such a
# task only the selection is the task's (R10A_11); the other moves stay free unless the reference does them
SELECTING_VIEWS = frozenset({"diagonal", "diagonal_copy"})
# what a candidate's aten may do only outside move tasks (the other moves are compute everywhere: watch.py)
CANDIDATE_MOVES = frozenset({"cat", "stack", "constant_pad_nd"})
COPY_OPS = frozenset({"clone", "contiguous", "_to_copy", "to", "copy_", "_copy_from", "_copy_from_and_resize"})


def duplicates(t: _Tensor) -> bool:
    """`t` reads some element more than once through a stride-0 dimension (a broadcast)."""
    return any(st == 0 and sz > 1 for st, sz in zip(t.stride(), t.shape))


def copy_source(name: str, args) -> _Tensor | None:
    if name == "copy_":
        return args[1] if len(args) > 1 and _isinstance(args[1], _Tensor) else None
    return args[0] if args and _isinstance(args[0], _Tensor) else None


def move_name(name: str, args) -> str | None:
    """The REF_MOVES name of an op, `expand_copy` for a copy of a broadcast, else None."""
    if name in REF_MOVES:
        return name
    if name in COPY_OPS:
        src = copy_source(name, args)
        if src is not None and duplicates(src):
            return "expand_copy"
    return None


# a reference that only reorders: views and the copy of a permuted one, no compute (a channel shuffle written
# as view + transpose + contiguous, R10B_03): its permuted copy is the task (OpNames.names)
PERMUTED_COPY = "permuted_copy"
_VIEW_LIKE = frozenset({"_unsafe_view", "_reshape_alias", "detach", "alias", "lift_fresh"})  # no view schema


def _order(t: _Tensor) -> tuple[int, ...]:
    """The dimensions of size > 1 from the outermost in memory to the innermost (by stride)."""
    dims = [d for d in range(t.dim()) if t.shape[d] > 1]
    return tuple(sorted(dims, key=lambda d: (-t.stride(d), d)))


def _dense(t: _Tensor) -> bool:
    """`t` covers its memory once with no gaps, in some order of its dimensions (clone keeps its strides)."""
    expect = 1
    for d in reversed(_order(t)):
        if t.stride(d) != expect:
            return False
        expect *= t.shape[d]
    return True


_LAST_CHANNELS = {4: (0, 2, 3, 1), 5: (0, 2, 3, 4, 1)}


def reorders(name: str, args, kwargs) -> bool:
    """A copy op whose result holds the source's elements in another order than the source holds them in
    memory: the copy of a permuted view (`x.view(...).permute(...).contiguous()`, `.reshape` of a transpose,
    `dst.copy_(src.transpose(...))`). A copy in the source's own order (`.contiguous()` of a contiguous tensor,
    of a slice, a `clone()` that keeps a permuted tensor's strides) moves nothing."""
    src = copy_source(name, args)
    if src is None or src.numel() <= 1:
        return False
    if name in ("copy_", "_copy_from", "_copy_from_and_resize"):
        dst = args[0] if name == "copy_" else (args[1] if len(args) > 1 else None)
        return _isinstance(dst, _Tensor) and dst.shape == src.shape and _order(dst) != _order(src)
    fmt = (kwargs or {}).get("memory_format")
    if fmt in (None, torch.preserve_format) and _dense(src):
        return False  # the copy keeps the source's strides
    keep = _LAST_CHANNELS.get(src.dim()) if fmt in (torch.channels_last, torch.channels_last_3d) else None
    target = tuple(d for d in (keep or range(src.dim())) if src.shape[d] > 1)
    return _order(src) != target


def move_op(name: str, args, kwargs=None, selects: bool = False, moves: bool = True) -> str | None:
    """The compute name of a candidate's materialising move (module doc), else None. `moves`: the reference
    moves data (REF_MOVES but the selections); `selects`: it selects (SELECTING_VIEWS), and a copy of a source
    with gaps (a diagonal or any strided selection, materialised by aten) is that selection (R10A_11)."""
    if selects and (name in COPY_OPS or name == "diagonal_copy"):
        src = args[0] if name == "diagonal_copy" else copy_source(name, args)
        if _isinstance(src, _Tensor) and src.numel() > 1 and (name == "diagonal_copy" or not _dense(src)):
            return f"{name}(the task's: selected)"
    if not moves:
        return None
    if name in CANDIDATE_MOVES:
        return f"{name}(the task's)"
    if name in COPY_OPS:
        src = copy_source(name, args)
        # a broadcast materialised, by an expanded view or by copy_ itself
        if src is not None and src.numel() > 1 and (
                duplicates(src) or (name == "copy_" and args[0].numel() > src.numel())):
            return f"{name}(the task's)"
        if reorders(name, args, kwargs):  # a permuted view materialised: the task's reorder (R9A_03)
            return f"{name}(the task's: permuted)"
    return None


def _ptr(t: _Tensor) -> int | None:
    try:
        return int(t.untyped_storage().data_ptr())
    except Exception:
        return None


class OpNames(TorchDispatchMode):
    """The reference's forward: which REF_MOVES it performs on input-derived data, which matrix products
    (precision.matrix_product: the TF32 allowance of the precision measure), and `float64` where all of its
    float compute on that data is in float64 (precision.FLOAT64_TASK: its fp32 outputs are judged as rounded
    float64 values). Nothing is judged; `ops` stays empty. `tainted`: the tensors it starts from (inputs, the
    model's parameters and buffers)."""

    ops: dict[str, int] = {}

    def __init__(self, tainted=(), paused=lambda: False):
        super().__init__()
        self.found: set[str] = set()
        self.precisions: set[str] = set()  # precision.compute_precision of each op on input-derived data
        self.permuted = self.computes = False  # a copy of a permuted view; an op that is no view, copy or move
        self.paused = paused
        self.tainted = {p for p in (_ptr(t) for t in tensors_in(list(tainted))) if p}

    @property
    def names(self) -> set[str]:
        only_reorders = {PERMUTED_COPY} if self.permuted and not self.computes else set()
        return self.found | only_reorders | ({FLOAT64_TASK} if self.precisions == {FLOAT64_TASK} else set())

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        out = func(*args, **(kwargs or {}))
        if self.paused():
            return out
        name = func.overloadpacket.__name__
        srcs = tensors_in(list(args) + list((kwargs or {}).values()))
        if any(_ptr(s) in self.tainted for s in srcs):
            move = move_name(name, args)
            if name in COPY_OPS and not move:
                self.permuted = self.permuted or reorders(name, args, kwargs)
            elif not move and not getattr(func, "is_view", False) and name not in _VIEW_LIKE:
                self.computes = True
            if move:
                self.found.add(move)
            elif matrix_product(name):  # the task is a matrix product: TF32 tl.dot is its precision (precision.py)
                self.found.add(name)
            prec = "" if move or name in COPY_OPS else compute_precision(func, tensors_in([out]))
            if prec:
                self.precisions.add(prec)
            self.tainted |= {p for p in (_ptr(t) for t in tensors_in([out])) if p}
        return out
