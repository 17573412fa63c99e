"""What a candidate's forward launched and computed: runs in sandbox worker processes only.

Installed when imported (harness imports it before any candidate module exists in the process):
  * a Triton launch hook (GPU: triton's launch_enter_hook; interpreter: GridExecutor.__call__) that counts
    real launches and records their stream and thread (and, on request, each launch's compile spec);
  * a TorchDispatchMode that records aten compute ops outside ALLOWED_ATEN (paused inside interpreted
    Triton launches, whose machinery uses torch itself, and around our own input/fingerprint ops).
"""
from __future__ import annotations

import builtins
import inspect
import json
import os
import threading
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode

_type, _isinstance = builtins.type, builtins.isinstance
_Tensor = torch.Tensor
_get_ident = threading.get_ident

_SIG = {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16", torch.float64: "fp64",
        torch.int8: "i8", torch.int16: "i16", torch.int32: "i32", torch.int64: "i64", torch.uint8: "u8",
        torch.bool: "i1"}

# Allocation, view, copy, fill and metadata ops: anything else in a candidate's forward is compute that
# PyTorch, not a Triton kernel, does.
ALLOWED_ATEN = frozenset("""
empty empty_like empty_strided empty_permuted new_empty new_empty_strided zeros zeros_like new_zeros ones
ones_like new_ones full full_like new_full fill fill_ zero_ scalar_tensor arange lift_fresh
view view_as _unsafe_view reshape _reshape_alias as_strided as_strided_ t transpose permute expand expand_as
squeeze unsqueeze flatten unflatten select slice narrow split split_with_sizes chunk unbind alias detach
contiguous clone copy_ _to_copy to _copy_from _copy_from_and_resize resize_ set_ cat stack
_local_scalar_dense is_nonzero sym_size sym_stride sym_numel sym_storage_offset size stride
""".split())

_PAUSE = [0]  # > 0: the compute watch ignores ops (inside interpreted launches, our own input/fingerprint ops)


# ---------------------------------------------------------------- launch watch

class _Launches:
    def __init__(self):
        self.active = False
        self.count = 0
        self.bad_stream = 0
        self.bad_thread = 0
        self.stream: int | None = None
        self.thread: int | None = None
        self.specs: list[dict] | None = None
        self._seen: set[str] = set()

    def begin(self, stream: int | None, record_specs: bool = False) -> None:
        self.active, self.count, self.bad_stream, self.bad_thread = True, 0, 0, 0
        self.stream, self.thread = stream, _get_ident()
        self.specs, self._seen = ([] if record_specs else None), set()

    def end(self) -> dict[str, Any]:
        self.active = False
        return {"count": self.count, "bad_stream": self.bad_stream, "bad_thread": self.bad_thread}

    def hit(self, stream: int | None, spec_fn=None) -> None:
        if not self.active:
            return
        self.count += 1
        if _get_ident() != self.thread:
            self.bad_thread += 1
        if self.stream is not None and stream is not None and stream != self.stream:
            self.bad_stream += 1
        if self.specs is not None and spec_fn is not None:
            spec = spec_fn()
            key = json.dumps(spec, sort_keys=True, default=str)
            if key not in self._seen:
                self._seen.add(key)
                self.specs.append(spec)


_LAUNCHES = _Launches()


def _sig_type(v: Any) -> str | None:
    if _isinstance(v, bool):
        return "i1"
    if _isinstance(v, int):
        return "i32" if -2**31 <= v < 2**31 else "i64"
    if _isinstance(v, float):
        return "fp32"
    if hasattr(v, "data_ptr") and hasattr(v, "dtype"):
        dt = v.dtype
        return "*" + (_SIG[dt] if dt in _SIG else str(dt))
    return None


def _constexpr_json(v: Any) -> Any:
    v = getattr(v, "value", v) if _type(v).__name__ == "constexpr" else v
    if v is None or _isinstance(v, (bool, int, float, str)):
        return v
    if _type(v).__module__.startswith("triton.language") and hasattr(v, "name"):
        return {"__tl_dtype__": str(v)}
    raise TypeError(f"constexpr of type {_type(v).__name__}")


def _holds_tensor(v: Any, depth: int = 0) -> bool:
    v = getattr(v, "value", v) if _type(v).__name__ == "constexpr" else v
    if _isinstance(v, _Tensor):
        return True
    return depth < 3 and _isinstance(v, (tuple, list)) and any(_holds_tensor(x, depth + 1) for x in v)


def _interp_spec(executor, args: tuple, kwargs: dict) -> dict:
    name = executor.fn.__name__
    try:
        params = inspect.signature(executor.fn).parameters
        kwargs = {k: v for k, v in kwargs.items() if k in params}
        bound = inspect.signature(executor.fn).bind(*args, **kwargs)
        bound.apply_defaults()
        sig, consts = {}, {}
        for k, v in bound.arguments.items():
            t = None if k in executor.constexprs else _sig_type(v)
            if t is None and _holds_tensor(v):  # the interpreter runs it; a compiled kernel cannot take it
                return {"name": name, "invalid": f"argument `{k}` passes a tensor as a tl.constexpr"}
            if t is None:
                sig[k], consts[k] = "constexpr", _constexpr_json(v)
            else:
                sig[k] = t
        return {"name": name, "signature": sig, "constexprs": consts}
    except Exception as e:  # an argument we cannot describe: the compile check skips this kernel
        return {"name": name, "unrecordable": f"{type(e).__name__}: {e}"[:200]}


def _install_interpreter_hook() -> list:
    from triton.runtime import interpreter

    original = interpreter.GridExecutor.__call__

    def launch(self, *args, **kwargs):
        _LAUNCHES.hit(None, lambda: _interp_spec(self, args, kwargs))
        grid = self.grid
        if callable(grid):  # the grid callable is candidate code: watched like the forward

            def watched_grid(meta):
                _PAUSE[0] -= 1
                try:
                    return grid(meta)
                finally:
                    _PAUSE[0] += 1

            self.grid = watched_grid
        _PAUSE[0] += 1
        try:
            return original(self, *args, **kwargs)
        finally:
            _PAUSE[0] -= 1
            self.grid = grid

    interpreter.GridExecutor.__call__ = launch
    return [interpreter.GridExecutor]


def _gpu_hook(metadata) -> None:
    data = getattr(metadata, "data", metadata)  # LazyDict: read .data, never .get() (runs user callbacks)
    stream = data.get("stream") if _isinstance(data, dict) else None
    _LAUNCHES.hit(int(stream) if stream is not None else None)


def _install_gpu_hook() -> list:
    import triton

    knobs = getattr(triton, "knobs", None)
    if knobs is not None and hasattr(knobs.runtime.launch_enter_hook, "add"):  # triton >= 3.5: a HookChain
        knobs.runtime.launch_enter_hook.add(_gpu_hook)
    elif knobs is not None:  # triton 3.4: a single callable
        knobs.runtime.launch_enter_hook = _gpu_hook
    else:  # older: a class attribute of CompiledKernel
        from triton.compiler.compiler import CompiledKernel

        CompiledKernel.launch_enter_hook = _gpu_hook
        return [CompiledKernel]
    return []


def install_hooks() -> list:
    """Install the launch hook for this process's mode; returns objects whose integrity to check."""
    try:
        import triton  # noqa: F401  (is Triton importable at all?)
    except Exception:
        return []
    if os.environ.get("TRITON_INTERPRET") == "1":
        _autotune_without_benchmark()
        _cuda_device_context_on_cpu()
        _libdevice_in_numpy()
        return _install_interpreter_hook()
    return _install_gpu_hook()


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


def _libdevice_in_numpy() -> None:
    try:
        from tritonrl.verifier_workers import interpreter_libdevice

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


# ---------------------------------------------------------------- torch-compute watch

# Reading single elements to the host (`.item()`, `float(t)`, iterating a tensor in Python) is allowed a few
# times per forward (a scalar parameter, a flag); a forward that reads more is computing on the host.
SCALAR_READS_PER_FORWARD = 32


class _ComputeWatch(TorchDispatchMode):
    def __init__(self, scalar_read_limit: int | None = None):
        super().__init__()
        self.ops: dict[str, int] = {}
        self.scalar_reads, self.scalar_read_limit = 0, scalar_read_limit

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if _PAUSE[0] <= 0:
            name = func.overloadpacket.__name__
            if name not in ALLOWED_ATEN:
                self.ops[name] = self.ops.get(name, 0) + 1
            elif name == "_local_scalar_dense":
                self.scalar_reads += 1
                if self.scalar_read_limit is not None and self.scalar_reads > self.scalar_read_limit:
                    self.ops["host_scalar_reads"] = self.scalar_reads
        return func(*args, **(kwargs or {}))


class _Paused:
    def __enter__(self):
        _PAUSE[0] += 1

    def __exit__(self, *exc):
        _PAUSE[0] -= 1


class _NoWatch:
    ops: dict[str, int] = {}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
