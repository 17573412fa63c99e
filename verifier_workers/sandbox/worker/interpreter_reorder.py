"""Element order where Triton lets the GPU compiler choose it (sandbox worker processes, TRITON_INTERPRET=1 only).

`tl.reshape(x, shape, can_reorder=True)` (also `tl.view`, `x.view(...)`, `tl.ravel(x, can_reorder=True)`) and
`tl.cat` promise the elements, not their order: the GPU compiler picks whatever order its register layout
gives. Triton's interpreter keeps numpy's row-major order, so a kernel that stores such a result as if it were
in order was right only on a CPU (red-team round 6, R6B_05). Here the interpreter permutes them: one fixed
non-identity permutation per launch and per (source shape, result shape), drawn from a seed no candidate sees,
so every reorder of the same shapes in one launch agrees (as one compiled layout does) while no kernel can
undo it. Reductions, and elementwise work between tensors reordered alike, stay right; order-dependent uses
fail as they may on a GPU. A reshape that only adds or drops size-1 dimensions keeps its order (no layout
change on a GPU either).
"""
from __future__ import annotations

import logging
import secrets

import numpy as np

log = logging.getLogger(__name__)

_SEED = secrets.randbits(64)  # per worker process: unpublished
_LAUNCH = [0]
_PERMS: dict[tuple, np.ndarray] = {}


def new_launch() -> None:
    """A new launch draws new permutations (the launch hook calls this)."""
    _LAUNCH[0] += 1
    _PERMS.clear()


def permutation(n: int, key: tuple) -> np.ndarray:
    """This launch's permutation of `n` elements for `key` (a tuple of ints); never the identity for n > 1."""
    k = (n,) + key
    if k not in _PERMS:
        entropy = [_SEED, _LAUNCH[0], n] + [int(x) & 0xFFFFFFFF for x in key]
        perm = np.random.default_rng(np.random.SeedSequence(entropy)).permutation(n)
        if n > 1 and np.array_equal(perm, np.arange(n)):
            perm = np.roll(perm, 1)
        _PERMS[k] = perm
    return _PERMS[k]


def reordered(data: np.ndarray, shape: tuple, key: tuple = ()) -> np.ndarray:
    """`data`'s elements in this launch's order for `key`, laid out as `shape` (row-major)."""
    flat = np.ascontiguousarray(data).reshape(-1)
    return flat[permutation(flat.size, key + tuple(data.shape) + (-1,) + tuple(shape))].reshape(shape)


def reorder_reshape(data: np.ndarray, shape: tuple, can_reorder: bool) -> np.ndarray:
    """`tl.reshape` under the interpreter: permuted when it may reorder and the layout changes."""
    shape = tuple(int(s) for s in shape)
    squeeze = lambda s: tuple(d for d in s if d != 1)  # noqa: E731
    if not can_reorder or squeeze(data.shape) == squeeze(shape):
        return data.reshape(shape)
    return reordered(data, shape, (1,))


def install() -> list:
    """Patch the interpreter's reshape; returns what was patched ([] for a Triton layout it does not know)."""
    try:
        from triton.runtime.interpreter import InterpreterBuilder, TensorHandle
    except Exception:  # noqa: BLE001 - no interpreter: nothing to patch
        return []
    if "create_reshape" not in vars(InterpreterBuilder):
        return []

    def create_reshape(self, arg, shape, allow_reorder):
        return TensorHandle(reorder_reshape(arg.data, shape, bool(allow_reorder)), arg.dtype.scalar)

    InterpreterBuilder.create_reshape = create_reshape
    return [InterpreterBuilder]


def program_order(n: int) -> np.ndarray:
    """This launch's order of its `n` programs (grid-order index -> program run at that turn), as a GPU may
    schedule them: shuffled, and for n >= 3 neither the first nor the last program runs last, so that "program 0
    (or the last one) finalises" without waiting on the others reads unwritten memory (red-team round 10, R10A_02:
    a fixed reversed order let program 0 finalise last), as does "lower program ids have finished"."""
    if n <= 2:
        return np.arange(n)[::-1].copy()
    perm = permutation(n, (-2,)).copy()
    if perm[-1] in (0, n - 1):
        k = int(np.flatnonzero((perm != 0) & (perm != n - 1))[0])
        perm[k], perm[-1] = perm[-1], perm[k]
    return perm
