"""Compatibility shims for candidate Triton code, installed with the launch hook (launches.install_hooks)
before any candidate module exists in a sandbox worker process.

Under the CPU interpreter (TRITON_INTERPRET=1): autotuning without benchmarks, `torch.cuda.device(...)` on
a CPU build, libdevice functions in numpy. In every mode: a stand-in driver (the compile worker imports
candidates on machines without a GPU too) and KernelBook-style inductor headers. A shim that does not fit
the installed Triton or torch is skipped: those candidates then fail as they would without it.
"""
from __future__ import annotations

from typing import Any

import torch


def install(interpret: bool) -> None:
    """Install the shims for this process's mode (`interpret`: the CPU interpreter)."""
    _inductor_header()
    if interpret:
        _autotune_without_benchmark()
        _cuda_device_context_on_cpu()
        _libdevice_in_numpy()
    _stand_in_driver()  # the compile worker on a machine without a GPU imports the candidate too


class _NoDeviceSelect:
    """`with torch.cuda.device(x.device.index):` (Triton's tutorials) on a CPU build raises inside torch
    (the index is None): with no GPU there is no device to select, so the context does nothing."""

    def __init__(self, device: Any = None):
        self.device = device

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _cuda_device_context_on_cpu() -> None:
    if not torch.cuda.is_available():
        torch.cuda.device = _NoDeviceSelect


def _stand_in_driver() -> None:
    try:
        from tritonrl.verifier_workers.sandbox.worker import interpreter_driver

        interpreter_driver.install()
    except Exception:  # an unknown Triton layout: driver queries fail as before
        pass


def _inductor_header() -> None:
    try:
        from tritonrl.verifier_workers.sandbox.worker import inductor_compat

        inductor_compat.install()
    except Exception:  # an unknown torch layout: KernelBook-style headers fail as before
        pass


def _libdevice_in_numpy() -> None:
    try:
        from tritonrl.verifier_workers.sandbox.worker import interpreter_libdevice

        interpreter_libdevice.install()
    except Exception:  # an unknown Triton layout: libdevice kernels fail as before, nothing else changes
        pass


def _no_benchmark(kernel_call, quantiles=None, **_):
    return [0.0] * len(quantiles or (0,))


def _autotune_without_benchmark() -> None:
    """Under the interpreter (no GPU) Triton's autotuner cannot benchmark ("0 active drivers"), so every
    autotuned candidate would fail. Equal timings make it take its first (pruned) config, as Triton itself
    does for a single config; correctness does not depend on the config."""
    try:
        from triton.runtime.autotuner import Autotuner
    except Exception:
        return
    if "do_bench" in vars(Autotuner):
        Autotuner.do_bench = property(lambda self: _no_benchmark)

