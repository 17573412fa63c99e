"""A second opinion on a GPU: the device kernels a candidate's forward actually ran (sandbox worker processes
only).

The compute watch (watch.py) sees what passes PyTorch's dispatcher. This module asks the device instead:
CUPTI's activity records, read through torch.profiler's Kineto backend, list every kernel that ran between
the forward's start and the device sync after it, whatever path launched it (the dispatcher, a C++
extension, a library handle reached some other way).

Contract:
  * `DeviceKernels()` is entered right before one forward and exited after the device synced;
  * `foreign(triton_names)` returns {kernel name: count} for each device kernel that is neither one of the
    Triton kernels this forward launched (`triton_names`, the names Triton's launch hook reported) nor data
    movement that the watch allows too (fill, copy, cat, arange, random draws, memcpy, memset);
  * `ok` is False when the profiler could not run (no CUPTI); the run op then reports the check as not
    done (a note), never as a pass.
The run op reports foreign kernels as compute ops (`device:<name>`): the verdict is `torch_compute_runtime`,
as for an aten op the watch saw.
"""
from __future__ import annotations

import re

import torch

# Data movement the watch also allows (ALLOWED_ATEN: fill, copy/_to_copy/clone/contiguous, cat/stack,
# constant_pad_nd = fill + copy, arange, randint). Matched on ATen's demangled kernel names; a name that
# merely mentions a functor (index_copy_kernel...) does not match.
_DATA_MOVEMENT = re.compile(
    r"^Memcpy|^Memset|"
    r"at::native::FillFunctor<|"
    r"at::native::direct_copy_kernel_cuda|at::native::(\(anonymous namespace\)::)?copy_device_to_device|"
    r"at::native::(\(anonymous namespace\)::)?CatArrayBatchedCopy|"
    r"at::native::(\(anonymous namespace\)::)?elementwise_kernel_with_index<.*arange|"
    r"at::native::(\(anonymous namespace\)::)?distribution_elementwise_grid_stride_kernel<.*random_from_to")

_CUDA = torch.autograd.DeviceType.CUDA
_profile, _activity = torch.profiler.profile, torch.profiler.ProfilerActivity


def _short(name: str) -> str:
    """A kernel's name as a compute-op key: ATen's template arguments cut, at most 80 characters."""
    return name.split("<", 1)[0].removeprefix("void ").strip()[:80] or name[:80]


class DeviceKernels:
    """The device kernels between enter and exit (see the module docstring)."""

    def __init__(self):
        self.names: list[str] = []
        self.ok = False
        self._prof = None

    def __enter__(self):
        try:
            self._prof = _profile(activities=[_activity.CUDA])
            self._prof.start()
        except Exception:  # no CUPTI in this build or process: the check is reported as not done
            self._prof = None
        return self

    def __exit__(self, *exc):
        if self._prof is None:
            return False
        try:
            self._prof.stop()
            events = self._prof.profiler.kineto_results.events()
            self.names = [e.name() for e in events if e.device_type() == _CUDA]
            self.ok = True
        except Exception:
            self.ok = False
        return False

    def foreign(self, triton_names: set[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for name in self.names:
            if name in triton_names or _DATA_MOVEMENT.search(name):
                continue
            key = f"device:{_short(name)}"
            out[key] = out.get(key, 0) + 1
        return out


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
