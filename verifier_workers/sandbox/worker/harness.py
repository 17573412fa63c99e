"""The ops sandbox worker processes serve (`main.py` dispatches to HANDLERS), and the runtime anti-cheat.

The anti-cheat is installed when this module is imported, i.e. before any candidate module exists in the
process, and the modules below capture every primitive they rely on at import, so later monkey-patching
changes nothing. Which module does what:
  * loader.py: the `load` and `reset` ops (a candidate's module-level code runs under the compute watch);
  * build.py: inputs and models from seeds (a constructor runs under the compute watch);
  * run_op.py: the `run` op, a forward under the launch hook, the compute watch and the input, output,
    thread and pause-state checks (output_checks.py), and on a GPU the profiler's list of the kernels
    that ran (device_kernels.py);
  * time_op.py: the `time` op (timing.py), with each timed output fingerprinted;
  * launches.py: the Triton launch hook and the thread counter; watch.py: the torch-compute watch and its
    pause state; triton_shims.py: what candidate Triton code needs under the CPU interpreter;
  * here: the `compile` op (compile_check.py) and the integrity snapshot's objects and state check.
The verdict itself is never computed in a worker: outputs go back to the supervisor, which compares them
with the reference worker's.
"""
from __future__ import annotations

import importlib
import sys

import torch

from tritonrl.verifier_workers.sandbox.worker import (buffer_updates, build, compile_check, device_compare,
                                                       device_kernels, launch_spec, launches, loader, output_checks,
                                                       run_op, time_op, timing, triton_shims, watch)
from tritonrl.verifier_workers.sandbox.worker.loader import loaded_module, op_load, op_reset
from tritonrl.verifier_workers.sandbox.worker.run_op import op_run
from tritonrl.verifier_workers.sandbox.worker.time_op import op_time
from tritonrl.verifier_workers.sandbox.worker.watch import pause_clean


def op_compile(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Compile recorded launch specs of a loaded candidate for a GPU target (compile worker only)."""
    return compile_check.compile_specs(loaded_module(args["key"]), args["specs"], int(args["arch"])), {}


HANDLERS = {"load": op_load, "reset": op_reset, "run": op_run, "time": op_time, "compile": op_compile,
            **device_compare.HANDLERS}


def _preload_lazy_patches() -> None:
    """Entering a TorchDispatchMode imports torch._dynamo, which rewraps torch.manual_seed & co. Do it
    now, before the worker's integrity snapshot, or every candidate worker would look tampered with."""
    torch.cuda.device_count()  # caches torch.cuda._cached_device_count
    argv = sys.argv
    if "--role" in argv and argv[argv.index("--role") + 1] == "candidate":
        importlib.import_module("torch._dynamo")
        if torch.cuda.is_initialized():  # CUPTI loaded now, not inside the first candidate's forward
            device_kernels.warm()


_preload_lazy_patches()
# Installed now, before any candidate module exists in this process; the worker's integrity snapshot
# (taken after this import) then also covers these objects, and INTEGRITY_CHECK the state changed in place.
INTEGRITY_MODULES = launches.install_hooks() + watch.install_host_read_counters() + launches.install_thread_counter() + watch.install_watch_guards() + [
    sys.modules[__name__], watch, launches, launches.Launches, watch.ComputeWatch, watch.Paused, triton_shims,
    loader, build, run_op, time_op, launch_spec, output_checks, compile_check, timing, device_compare,
    device_kernels, device_kernels.DeviceKernels, buffer_updates]


def INTEGRITY_CHECK() -> list[str]:
    """Harness state a candidate could change in place (the snapshot compares ids only)."""
    return [] if pause_clean() else ["watch._PAUSE"]


def torch_globals() -> dict[str, object]:
    """Process-wide torch settings that a candidate may change (some honest code does, e.g. strict matmul
    precision) and that would carry over into the next candidate's run in this worker: a default device of
    'meta' makes every later input a meta tensor. The function-mode stack holds set_default_device's mode."""
    return {"default_dtype": torch.get_default_dtype(), "default_device": str(torch.get_default_device()),
            "grad_enabled": torch.is_grad_enabled(), "matmul_precision": torch.get_float32_matmul_precision(),
            "deterministic": torch.are_deterministic_algorithms_enabled(),
            "function_modes": torch._C._len_torch_function_stack(),
            "cuda_matmul_tf32": torch.backends.cuda.matmul.allow_tf32, "cudnn_tf32": torch.backends.cudnn.allow_tf32}


TORCH_GLOBALS_AT_START = torch_globals()


def STALE_CHECK() -> list[str]:
    """The torch settings that differ from this worker's start: not a violation (honest code may set them),
    but the worker must not serve another candidate; the supervisor replaces it."""
    now = torch_globals()
    return sorted(k for k, v in TORCH_GLOBALS_AT_START.items() if now.get(k) != v)
