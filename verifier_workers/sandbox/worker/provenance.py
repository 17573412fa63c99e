"""Which memory a candidate's Triton launches wrote, and whether its outputs came from them: runs in sandbox
worker processes only (red-team round 8, R8A_10).

Contract: a tensor a candidate's forward returns must hold values a Triton launch of that forward stored,
directly or through value-preserving copies of such tensors (a view, `.contiguous()`, `.to(dtype)`, a stack
of per-batch results). An output whose storage a torch op wrote after the last launch that wrote it, from
host values or tensors no launch made (`torch.full((), total / n)` of two partial sums read to the host,
`x.clone()`, a zeroed buffer), is the host's or PyTorch's answer: `output_made_by` names it `host_output`.

State per forward, at storage granularity (a launch that writes part of a buffer makes the whole buffer):
  * `LAUNCH_WRITES` (filled by launches.py and interpreter_bounds.py): each launch's sequence number, and
    under the CPU interpreter the storages its stores and atomics hit. Where a launch's writes are unknown
    (on a GPU the launch hook sees no arguments; an argument whose storage could not be read), the launch
    counts as writing every storage ("blind"): a GPU judges only what torch wrote after the last launch.
  * `TorchWrites` (kept by the compute watch): the sequence number at which a torch op last wrote each storage,
    and whether that write only moved values of launch-made tensors (PROPAGATING ops, every source made).
Sequence numbers: launch k carries k; a torch write between launch k and k+1 carries k. A storage is made by a
launch when some launch that wrote it carries a larger number than its last torch write, or, for memory a torch
op of this forward wrote (allocations included: not the inputs or the model's weights), a blind one does. Memory
no torch op of this forward touched and that is neither an input nor a model tensor (`TorchWrites.foreign`) was
allocated outside PyTorch's dispatcher (Inductor's `empty_strided_cuda`): any blind launch counts for it too. A
cache kept from an earlier call passes this test; the stale-output checks judge it, not this one.
"""
from __future__ import annotations

import builtins

import torch

_type, _isinstance = builtins.type, builtins.isinstance
_Tensor = torch.Tensor

# torch ops that only move values: the result is launch-made when every tensor source is
PROPAGATING = frozenset("""
clone contiguous _to_copy to copy_ _copy_from _copy_from_and_resize cat stack constant_pad_nd
view_as_real view_as_complex
""".split())


class LaunchWrites:
    """Launches of the running forward and the storages they wrote (module doc)."""

    def __init__(self) -> None:
        self.begin()

    def begin(self) -> None:
        self.seq = 0
        self.blind = -1  # the last launch whose writes are unknown
        self.written: dict[int, int] = {}  # storage address -> the last launch that stored into it

    def launch(self, known: bool) -> None:
        """A launch starts; `known`: its stores will be reported through `wrote` (interpreter)."""
        self.seq += 1
        if not known:
            self.blind = self.seq

    def wrote(self, storage_ptr: int) -> None:
        self.written[storage_ptr] = self.seq

    def unknown(self) -> None:
        """The running launch wrote somewhere not known (a descriptor store, unreadable arguments)."""
        self.blind = self.seq

    def record_store(self, ptrs, mask, ranges) -> None:
        """Interpreter: a store's (or atomic's) active lane addresses; `ranges`: the launch's argument storages
        as (start, end), start being the storage's address."""
        import numpy as np

        if ptrs is None or ranges is None:
            self.unknown()
            return
        addr = np.asarray(ptrs, dtype=np.uint64)
        if mask is not None:
            addr = addr[np.broadcast_to(np.asarray(mask, dtype=bool), addr.shape)]
        if not addr.size:
            return
        lo_all, hi_all = int(addr.min()), int(addr.max())
        for lo, hi in ranges:
            if lo <= hi_all and lo_all < hi and self.written.get(lo) != self.seq \
                    and bool(((addr >= lo) & (addr < hi)).any()):
                self.written[lo] = self.seq


LAUNCH_WRITES = LaunchWrites()


def storage_ptr(t: _Tensor) -> int | None:
    try:
        return int(t.untyped_storage().data_ptr())
    except Exception:  # a tensor without storage (meta, sparse): not judged
        return None


def tensors_in(values, depth: int = 0) -> list:
    """The tensors among `values`, looking two levels into tuples and lists (an op's arguments and results)."""
    out = []
    for v in values:
        if _isinstance(v, _Tensor):
            out.append(v)
        elif depth < 2 and _type(v) in (tuple, list):
            out += tensors_in(v, depth + 1)
    return out


class TorchWrites:
    """What torch ops wrote during a watched region (module doc)."""

    def __init__(self) -> None:
        self.last: dict[int, tuple[int, bool]] = {}  # storage address -> (sequence number, launch-made copy)
        self.foreign: set[int] = set()  # storages of the forward's inputs and the model's tensors (run_op.py)
        self.results: set[int] = set()  # storages holding launch results, or anything made from them (below)

    def launch_result(self, t: _Tensor) -> bool:
        """`t`'s storage holds what a launch of this forward wrote, or what a torch op made from such memory
        (any op, a cat with zeros included): the taint is never cleared, so a no-op write (`resize_`, `set_`)
        does not launder it. Only memory this forward's torch ops wrote or that a launch stored into under the
        interpreter counts: never an input or a model tensor, which a blind (GPU) launch is not known to write."""
        ptr = storage_ptr(t)
        if not ptr:
            return False
        if ptr in self.results:
            return True
        seq = self.last.get(ptr, (None,))[0]
        lw = LAUNCH_WRITES
        return lw.written.get(ptr, -1) > (-1 if seq is None else seq) or (seq is not None and lw.blind > seq)

    def made_by_launch(self, t: _Tensor) -> bool:
        ptr = storage_ptr(t)
        if ptr is None:
            return True
        seq, propagated = self.last.get(ptr, (-1, False))
        lw = LAUNCH_WRITES
        # a blind launch counts only for memory torch wrote (allocated) in this forward, or that it allocated
        # outside the dispatcher: not the inputs or weights
        blind_ok = lw.blind > seq if ptr in self.last else lw.blind > 0 and ptr not in self.foreign
        return propagated or blind_ok or lw.written.get(ptr, -1) > seq

    def record(self, name: str, args, kwargs, out) -> None:
        """A torch op that is not a view wrote `out` (and an in-place op its first argument)."""
        targets = tensors_in([out] + [(kwargs or {}).get("out")])
        inplace = name.endswith("_") and bool(args) and _isinstance(args[0], _Tensor)
        if inplace:
            targets.append(args[0])
        sources = tensors_in(args[1:] if inplace else args[:1] if name.startswith("_copy_from") else args)
        propagated = name in PROPAGATING and bool(sources) and all(self.made_by_launch(s) for s in sources)
        tainted = any(self.launch_result(s) for s in tensors_in(list(args) + list((kwargs or {}).values())))
        for t in targets:
            ptr = storage_ptr(t)
            if ptr is not None and ptr != 0:
                if tainted or (ptr in self.last and self.launch_result(t)):
                    self.results.add(ptr)  # before the write: what it held stays a launch's
                self.last[ptr] = (LAUNCH_WRITES.seq, propagated)

    def host_outputs(self, outs: list | None) -> int:
        """How many of a forward's outputs no launch of it made (`host_output`)."""
        return sum(1 for o in outs or [] if _type(o) is _Tensor and o.numel() and not self.made_by_launch(o))
