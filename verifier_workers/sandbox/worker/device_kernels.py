"""A second opinion on a GPU: the device kernels a candidate's forward ran outside PyTorch's dispatcher
(sandbox worker processes only).

The compute watch (watch.py) sees every aten op that passes PyTorch's dispatcher and judges it (allowed
data movement, a counter step, or compute). This module asks the device instead: CUPTI's activity records,
read through torch.profiler's Kineto backend, list every kernel that ran between the forward's start and the
device sync after it, and which aten op (if any) launched it. A kernel launched by an aten op was seen and
judged by the watch; a kernel that no aten op launched came through some other path (a library handle, a C++
extension, anything below the dispatcher) and must be one of this forward's own Triton kernels.

Contract:
  * `DeviceKernels()` is entered right before one forward and exited after the device synced;
  * `names` lists the device kernels no aten op launched (memcpy/memset records excluded), `ops` counts
    the kernels each aten op launched;
  * `foreign(triton_names)` returns {kernel name: count} for the unattributed kernels that are not among
    `triton_names` (the names Triton's launch hook reported for this forward);
  * `unwatched(seen)` returns the aten ops that launched kernels but that the compute watch never saw
    (`seen`: the op names it saw): an op run where the watch could not look (another thread, the watch
    off the stack) is judged nowhere else;
  * `ok` is False when the profiler could not run (no CUPTI); the run op then reports the check as not
    done (a flag), never as a pass.
The run op reports foreign kernels as compute ops (`device:<name>`): the verdict is `torch_compute_runtime`.
"""
from __future__ import annotations

import torch

_CUDA, _CPU = torch.autograd.DeviceType.CUDA, torch.autograd.DeviceType.CPU
_profile, _activity = torch.profiler.profile, torch.profiler.ProfilerActivity


def _short(name: str) -> str:
    """A kernel's name as a compute-op key: template arguments cut, at most 80 characters."""
    return name.split("<", 1)[0].removeprefix("void ").strip()[:80] or name[:80]


def _attribute(events) -> tuple[list[str], dict[str, int]]:
    """Device kernels of a Kineto trace that no aten op launched, and {aten op: kernels} for those one did.
    A kernel is an op's when the runtime call that launched it (same correlation id, a CPU record) lies in
    the op's span on the same thread, or when its correlation id is the op's linked one. Every enclosing op
    counts, outermost to innermost: the watch sees `zero_` or `clone` where the innermost op is `fill_` or
    `copy_`, so `unwatched` asks whether the watch saw any of them. User annotations (record_function) on
    the device timeline are no kernels."""
    cpu = [e for e in events if e.device_type() == _CPU]
    aten = [e for e in cpu if e.name().startswith("aten::")]
    linked = {e.linked_correlation_id(): e for e in aten if e.linked_correlation_id()}
    spans: dict[int, list[tuple[int, int, str]]] = {}
    for e in aten:
        spans.setdefault(e.start_thread_id(), []).append((e.start_ns(), e.end_ns(), e.name()))
    launches = {e.correlation_id(): e for e in cpu if e.correlation_id() and not e.name().startswith("aten::")}
    names: list[str] = []
    ops: dict[str, int] = {}
    for k in events:
        if k.device_type() != _CUDA or k.name().startswith(("Memcpy", "Memset")) or _annotation(k):
            continue
        at = launches.get(k.correlation_id()) or linked.get(k.correlation_id())
        chain = [n for s, e, n in sorted(spans.get(at.start_thread_id(), ())) if s <= at.start_ns() <= e] if at else []
        if at is not None and at.name().startswith("aten::"):
            chain.append(at.name())
        if not chain:
            names.append(k.name())
            continue
        key = "|".join(dict.fromkeys(n.removeprefix("aten::") for n in chain))
        ops[key] = ops.get(key, 0) + 1
    return names, ops


def _annotation(e) -> bool:
    try:
        return bool(e.is_user_annotation())
    except Exception:
        return False


class DeviceKernels:
    """The device kernels between enter and exit (see the module docstring)."""

    def __init__(self):
        self.names: list[str] = []
        self.ops: dict[str, int] = {}
        self.ok = False
        self._prof = None

    def __enter__(self):
        try:
            self._prof = _profile(activities=[_activity.CPU, _activity.CUDA])
            self._prof.start()
        except Exception:  # no CUPTI in this build or process: the check is reported as not done
            self._prof = None
        return self

    def __exit__(self, *exc):
        if self._prof is None:
            return False
        try:
            self._prof.stop()
            self.names, self.ops = _attribute(self._prof.profiler.kineto_results.events())
            self.ok = True
        except Exception:
            self.ok = False
        return False

    def foreign(self, triton_names: set[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for name in self.names:
            if name not in triton_names:
                key = f"device:{_short(name)}"
                out[key] = out.get(key, 0) + 1
        return out

    def unwatched(self, seen) -> dict[str, int]:
        """`ops` keys are the enclosing aten ops of a launch, joined by "|": unwatched if the watch saw none."""
        return {f"device_unwatched:{key}": n for key, n in self.ops.items()
                if not any(op in seen for op in key.split("|"))}


def warm() -> bool:
    """Load CUPTI once, at worker start (before Landlock and before any candidate): the first profile in a
    process takes about a second."""
    try:
        with DeviceKernels() as k:
            torch.empty(1, device="cuda").fill_(0)
            torch.cuda.synchronize()
    except Exception:
        return False
    return k.ok
