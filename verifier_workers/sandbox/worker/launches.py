"""What a candidate's forward started: Triton launches and Python threads (sandbox worker processes only).

Installed by harness before any candidate module exists in the process:
  * a Triton launch hook (GPU: triton's launch_enter_hook; interpreter: GridExecutor.__call__) that counts
    real launches (not grids of zero programs) in LAUNCHES and records their stream and thread (and, on
    request, each launch's compile spec, launch_spec.py). Interpreted launches run with the compute watch
    paused (watch.py); the grid callable and pre-run hooks, candidate code, run before it, watched, with the
    launch's own arguments and `triton.language` unpatched, as on a GPU (interpreter_host.py);
  * a counter of Python thread starts (`install_thread_counter`, `thread_starts`).
`install_hooks` also installs the compatibility shims of triton_shims.py, first, and under the interpreter
GPU program-order semantics (interpreter_races.py: reversed program order, `race` for a program reading another
program's plain stores, by a load or an atomic, or overwriting what another read after synchronising, unless
ordered by atomics whose sem and scope order it: interpreter_ordering.py; a launch made with launch_pdl=True
races for every access a program makes before its gdc_wait). Every launch also checks that the compute watch is still installed (watch.py).
"""
from __future__ import annotations

import builtins
import inspect
import json
import os
import threading
from typing import Any

import torch

from tritonrl.verifier_workers.sandbox.worker import (interpreter_bounds, interpreter_calls, interpreter_host,
                                                      interpreter_races, interpreter_reorder, triton_shims)
from tritonrl.verifier_workers.sandbox.worker.interpreter_ordering import launch_pdl
from tritonrl.verifier_workers.sandbox.worker.launch_spec import arg_problem, launch_extent, launch_spec
from tritonrl.verifier_workers.sandbox.worker.provenance import LAUNCH_WRITES
from tritonrl.verifier_workers.sandbox.worker.watch import LOW_PRECISION_DTYPES, check_watch_installed, pause, unpause

_type, _isinstance = builtins.type, builtins.isinstance
_Tensor = torch.Tensor
_Parameter = torch.nn.Parameter
_get_ident = threading.get_ident
# Python threads started in this process since the worker began (a thread started and joined inside the
# forward leaves the thread count unchanged, and a dispatch mode is per thread: it would compute unwatched)
_THREAD_STARTS = [0]


def _counting_start(original):
    def start_new_thread(*args, **kwargs):
        _THREAD_STARTS[0] += 1
        return original(*args, **kwargs)

    return start_new_thread


def thread_starts() -> int:
    return _THREAD_STARTS[0]


def install_thread_counter() -> list:
    """Before any candidate exists: count thread starts (threading binds _thread's function at import)."""
    import _thread

    # `_thread.start_new` is an alias of start_new_thread (red-team round 5, R5A_03)
    for owner, attr in ((threading, "_start_new_thread"), (_thread, "start_new_thread"), (_thread, "start_new"),
                        (threading, "_start_joinable_thread"), (_thread, "start_joinable_thread")):
        original = getattr(owner, attr, None)
        if original is not None:
            setattr(owner, attr, _counting_start(original))
    return [threading, _thread]


# ---------------------------------------------------------------- launch watch

class Launches:
    """Launches between begin() and end(): their count, and those on another stream or thread."""

    def __init__(self):
        self.active = False
        self.count = 0
        self.bad_stream = 0
        self.bad_thread = 0
        self.low_precision = 0
        self.race = 0
        self.false_hints = 0
        self.host_calls = 0
        self.stray_writes = 0  # interpreter: stores that may have landed outside the launch's tensor arguments
        self.stray_reads = 0  # interpreter: loads that may have read outside them (no masks where a size needs)
        self.stray_fill = 0.0  # interpreter: what a load's lanes outside the tensors read (interpreter_bounds.py)
        # interpreter: kernels with a store or atomic lane at a checked address outside every tensor argument
        # (a GPU writes other memory there: `stray_store` where the run is strict, run_op.py)
        self.stray_stores: set[str] = set()
        self.running = ""  # interpreter: the kernel running now
        self.strict_stores = False  # this run refuses stray stores (set per run by run_op.py)
        self.tf32_dots = 0  # interpreter: fp32 tl.dot calls computed in TF32 (interpreter_dot.py)
        self.write_ranges: list[tuple[int, int]] | None = None  # the running launch's argument storages
        self.stream: int | None = None
        self.thread: int | None = None
        self.specs: list[dict] | None = None
        self._seen: set[str] = set()
        self.names: set[str] = set()  # GPU: the compiled kernels' names (device_kernels.py tells them apart)
        # interpreter: each distinct launch's kernel, grid and int constexprs (launch_spec.launch_extent)
        self.extents: list[dict] = []
        self._extent_keys: set[str] = set()

    def begin(self, stream: int | None, record_specs: bool = False) -> None:
        self.active, self.count, self.bad_stream, self.bad_thread = True, 0, 0, 0
        self.stray_writes = self.stray_reads = 0
        self.stray_stores = set()
        self.tf32_dots = 0
        self.low_precision = 0  # fp16/bf16/fp8 tensors handed to kernels (interpreter: it sees the arguments)
        self.race = 0  # interpreted launches whose programs read another program's plain stores
        self.false_hints = 0  # interpreted launches with a false multiple_of / max_contiguous / max_constancy
        self.host_calls = 0  # host objects interpreted kernels could call (interpreter_calls.host_reach)
        self.stream, self.thread = stream, _get_ident()
        self.specs, self._seen = ([] if record_specs else None), set()
        self.names = set()
        self.extents, self._extent_keys = [], set()
        LAUNCH_WRITES.begin()  # which storages this forward's launches wrote (provenance.py)

    def end(self) -> dict[str, Any]:
        self.active = False
        return {"count": self.count, "bad_stream": self.bad_stream, "bad_thread": self.bad_thread,
                "low_precision": self.low_precision, "stray_writes": self.stray_writes,
                "stray_reads": self.stray_reads, "stray_stores": sorted(self.stray_stores), "tf32_dots": self.tf32_dots,
                "race": self.race,
                "false_hints": self.false_hints, "host_calls": self.host_calls, "names": set(self.names)}

    def stray_store(self) -> None:
        """The running kernel stored (or did an atomic) outside its tensor arguments (interpreter_bounds.py)."""
        if self.active:
            self.stray_stores.add(self.running or "?")

    def hit(self, stream: int | None, spec_fn=None, name: str | None = None, known_writes: bool = False) -> None:
        """A launch; `known_writes`: its stores are reported to provenance.LAUNCH_WRITES (interpreter), else it
        counts as writing every storage (a GPU's hook sees no arguments)."""
        if not self.active:
            return
        check_watch_installed()  # the compute watch must still be on the dispatch stack at every launch
        self.count += 1
        LAUNCH_WRITES.launch(known_writes)
        if _isinstance(name, str):
            self.names.add(name)
        if _get_ident() != self.thread:
            self.bad_thread += 1
        if self.stream is not None and stream is not None and stream != self.stream:
            self.bad_stream += 1
        if spec_fn is not None:
            self.record_spec(spec_fn)

    def record_extent(self, extent: dict | None) -> None:
        """Keep a launch's extent once (at most MAX_EXTENTS distinct ones per forward)."""
        if not self.active or extent is None or len(self.extents) >= MAX_EXTENTS:
            return
        key = json.dumps(extent, sort_keys=True)
        if key not in self._extent_keys:
            self._extent_keys.add(key)
            self.extents.append(extent)

    def record_spec(self, spec_fn) -> None:
        """Record a compile spec (once) while specs are recorded; also for an autotune config that this launch
        did not run (triton_shims: every config must compile, the GPU's autotuner may pick any)."""
        if not self.active or self.specs is None:
            return
        spec = spec_fn()
        key = json.dumps(spec, sort_keys=True, default=str)
        if key not in self._seen:
            self._seen.add(key)
            self.specs.append(spec)


MAX_EXTENTS = 64
LAUNCHES = Launches()


def _programs(grid: Any) -> int:
    """Programs in a launch grid (the interpreter pads a short grid with 1s). Only a plain tuple, list or
    torch.Size of ints is a grid: a subclass's __iter__ or an int-like's __int__ would run candidate code here, where the
    watch is paused."""
    if _type(grid) is int:
        return max(0, grid)
    if _type(grid) not in (tuple, list, torch.Size) or not all(_type(d) in (int, bool) for d in grid):
        raise TypeError(f"a launch grid must be a tuple of ints, not {_type(grid).__name__}")
    n = 1
    for d in grid:
        n *= max(0, d)
    return n


def _check_tensor_like_args(args: tuple, kwargs: dict) -> None:
    """The interpreter reads pointer arguments (and a descriptor's base) with the watch paused: an object that
    only looks like a tensor would run its methods there, unwatched. Only real tensors may stand for memory."""
    for v in list(args) + list(kwargs.values()):
        problem = None
        if _type(v).__name__ in ("TensorDescriptor", "tensor_descriptor"):
            problem = arg_problem(v, False)
        elif not _isinstance(v, _Tensor) and any(hasattr(_type(v), a) for a in ("data_ptr", "untyped_storage")):
            problem = f"a {_type(v).__name__} that is not a tensor"
        if problem:
            raise TypeError(f"a kernel argument is {problem}")


def _is_low_tl_dtype(v: Any, depth: int = 0) -> bool:
    """An fp16/bf16/fp8 Triton dtype, also wrapped: in a `tl.constexpr`, as a pointer's or block's element type,
    inside a tuple (`CDT=tl.constexpr(tl.float16)` reached `.to(CDT)` unseen: red-team round of 2026-11-27)."""
    if depth > 4:
        return False
    t = _type(v)
    if not t.__module__.startswith("triton"):
        return t in (tuple, list) and any(_is_low_tl_dtype(x, depth + 1) for x in v)
    if t.__name__ == "constexpr":
        return _is_low_tl_dtype(getattr(v, "value", None), depth + 1)
    if t.__name__ in ("pointer_type", "block_type", "const_pointer_type"):
        return _is_low_tl_dtype(getattr(v, "element_ty", None), depth + 1)
    name = getattr(v, "name", None) if t.__name__ == "dtype" else None
    return _isinstance(name, str) and (name in ("fp16", "bf16") or name.startswith("fp8"))


def _flatten(values: list, depth: int = 0) -> list:
    """The values and what tuples/lists/dict values among them hold (a few levels): a dtype or an fp16 tensor
    inside a tuple constexpr reaches the kernel as surely as a bare one."""
    out = []
    for v in values:
        out.append(v)
        if depth < 4 and _type(v) in (tuple, list):
            out += _flatten(list(v), depth + 1)
        elif depth < 4 and _type(v) is dict:
            out += _flatten(list(v.values()), depth + 1)
    return out


def _low_precision_dtypes(fn: Any, args: tuple, kwargs: dict, depth: int = 0) -> int:
    """fp16/bf16/fp8 Triton dtypes a launch hands its kernel: as an argument, a parameter default or a module
    global the kernel (or a @triton.jit helper it names) reads. A constexpr `CDT=tl.float16` makes a
    `tl.dot(a.to(CDT), b.to(CDT))` compute in half precision as surely as a literal cast does."""
    py = getattr(fn, "fn", fn)
    n = sum(1 for v in list(args) + list(kwargs.values()) if _is_low_tl_dtype(v))
    try:
        n += sum(1 for p in inspect.signature(py).parameters.values() for d in _flatten([p.default])
                 if _is_low_tl_dtype(d))
    except (TypeError, ValueError):
        pass
    code, glob = getattr(py, "__code__", None), getattr(py, "__globals__", None)
    if code is not None and _isinstance(glob, dict):
        for name in code.co_names:
            v = glob.get(name)
            if any(_is_low_tl_dtype(x) for x in _flatten([v])):
                n += 1
            elif depth < 3 and _type(v).__name__ == "JITFunction":
                n += _low_precision_dtypes(v, (), {}, depth + 1)
    return n


def _install_interpreter_hook() -> list:
    from triton.runtime import interpreter

    original = interpreter.GridExecutor.__call__

    def launch(self, *args, **kwargs):
        grid, hooks = self.grid, self.pre_run_hooks
        # host callables run as on a GPU, watched, before the interpreter patches triton.language
        # (interpreter_host.py): a grid callable gets the launch's own arguments, never interpreter tensors
        interpreter_host.run_pre_run_hooks(self.fn, hooks, args, kwargs)
        g = interpreter_host.launch_grid(self.fn, grid, args, kwargs)
        if _programs(g) != 0:  # a grid of zero programs runs nothing: not a launch
            LAUNCHES.hit(None, lambda: launch_spec(self.fn, self.constexprs, args, kwargs), known_writes=True)
            if LAUNCHES.active:  # its grid and tiles at this size (funnel/launch_extents.py)
                LAUNCHES.record_extent(launch_extent(self.fn, self.constexprs, (g,) if _type(g) is int else tuple(g),
                                                     args, kwargs))
        self.grid, self.pre_run_hooks = g, []
        _check_tensor_like_args(args, kwargs)
        if LAUNCHES.active:  # a kernel computing in fp16 because its operand type comes from an fp16 buffer
            flat = _flatten(list(args) + list(kwargs.values()))  # also inside tuples (`H=(fp16_table,)`)
            LAUNCHES.low_precision += sum(1 for v in flat if _isinstance(v, _Tensor) and v.dtype in LOW_PRECISION_DTYPES)
            LAUNCHES.low_precision += _low_precision_dtypes(self.fn, tuple(flat), {})
        LAUNCHES.write_ranges = _storage_ranges(list(args) + list(kwargs.values()))
        if LAUNCHES.write_ranges is None:  # where it writes cannot be told: it may have written anything
            LAUNCH_WRITES.unknown()
        reach = interpreter_calls.host_reach(self.fn, _flatten(list(args) + list(kwargs.values())))
        if reach and LAUNCHES.active:
            LAUNCHES.host_calls += len(reach)
        interpreter_reorder.new_launch()  # reorderable ops draw this launch's permutation
        pdl = launch_pdl(kwargs)  # may overlap the previous stream op: accesses before gdc_wait race
        pause()
        interpreter_races.take_races()
        interpreter_races.take_false_hints()
        interpreter_races.begin_launch(pdl)
        LAUNCHES.running = str(getattr(self.fn, "__name__", "") or "?")
        try:
            with interpreter_host.kernel_body():
                return original(self, *args, **kwargs)
        finally:
            interpreter_races.begin_launch(False)
            unpause()
            self.grid, self.pre_run_hooks = grid, hooks
            if interpreter_races.take_races() and LAUNCHES.active:
                LAUNCHES.race += 1
            if interpreter_races.take_false_hints() and LAUNCHES.active:
                LAUNCHES.false_hints += 1
            LAUNCHES.write_ranges = None

    interpreter.GridExecutor.__call__ = launch
    _count_interpreter_writes(interpreter)
    return [interpreter.GridExecutor] + interpreter_host.install() + interpreter_races.install()


def _descriptor_type():
    try:
        from triton.tools.tensor_descriptor import TensorDescriptor
    except ImportError:  # a Triton without host descriptors
        return None
    return TensorDescriptor


def _storage_ranges(values: list) -> list[tuple[int, int]] | None:
    """[start, end) of each tensor argument's storage: where the launch's writes belong. None when an argument
    is a tensor subclass (reading its storage could run candidate code, and the watch is paused here)."""
    ranges = []
    for v in values:
        if _type(v) in (tuple, list):
            inner = _storage_ranges(list(v))
            if inner is None:
                return None
            ranges += inner
        elif _type(v) in (_Tensor, _Parameter):  # a weight handed in as it is: its storage, read in C
            st = v.untyped_storage()
            ranges.append((st.data_ptr(), st.data_ptr() + st.nbytes()))
        elif _type(v) is _descriptor_type() and _type(v.base) in (_Tensor, _Parameter):  # Triton's own class
            st = v.base.untyped_storage()  # a host TensorDescriptor: its accesses belong to its base tensor
            ranges.append((st.data_ptr(), st.data_ptr() + st.nbytes()))
        elif _isinstance(v, _Tensor) or hasattr(_type(v), "data_ptr"):
            return None
    return ranges


def _count_interpreter_writes(interpreter) -> None:
    """Check the interpreter's memory accesses against the launch's tensor arguments (interpreter_bounds.py):
    a failed run that wrote nothing out of bounds keeps its worker (funnel/runs.py damage_possible), stray lanes
    never touch the worker's heap, and stray loads take the run's fill."""
    interpreter_bounds.install(interpreter.InterpreterBuilder, LAUNCHES)


def _gpu_hook(metadata) -> None:
    data = getattr(metadata, "data", metadata)  # LazyDict: read .data, never .get() (runs user callbacks)
    stream = data.get("stream") if _isinstance(data, dict) else None
    name = data.get("name") if _isinstance(data, dict) else None
    LAUNCHES.hit(int(stream) if stream is not None else None, name=name)


def _skip_hook_on_empty_grid(cls) -> bool:
    """The launch-enter hook sees no grid, and Triton's C launcher calls it even for a grid of zero programs
    (which runs nothing): a launcher class (CudaLauncher, HIPLauncher) hands such launches no hook, so they
    do not count. False for an unknown launcher layout (left alone)."""
    original = cls.__call__
    try:
        names = list(inspect.signature(original).parameters)[1:10]
    except (TypeError, ValueError):
        return False
    if names[:3] != ["gridX", "gridY", "gridZ"] or "launch_enter_hook" not in names:
        return False
    at = names.index("launch_enter_hook")

    def call(self, *args, **kwargs):
        if len(args) > at and args[0] * args[1] * args[2] <= 0:
            args = args[:at] + (None,) + args[at + 1:]
        return original(self, *args, **kwargs)

    cls.__call__ = call
    return True


def _skip_hook_on_empty_grids() -> list:
    patched = []
    for mod, name in (("triton.backends.nvidia.driver", "CudaLauncher"), ("triton.backends.amd.driver", "HIPLauncher")):
        try:
            cls = getattr(__import__(mod, fromlist=[name]), name)
        except Exception:
            continue
        if _skip_hook_on_empty_grid(cls):
            patched.append(cls)
    return patched


def install_gpu_extent_hook() -> list:
    """On a GPU the launch hook sees no arguments: `JITFunction.run` is wrapped to record each launch's grid and
    int constexprs as the interpreter's hook does (funnel/launch_extents.py builds the past-tile variant from
    them: R9B_06's run-time tile and R9B_10's fixed grid passed on an H200 without it, 2026-11-28). It only
    observes: the grid callable Triton calls anyway is wrapped, and a failure to record never fails a launch."""
    from triton.runtime.jit import JITFunction

    original = JITFunction.run

    def run(self, *args, grid, warmup, **kwargs):
        if warmup or not LAUNCHES.active:
            return original(self, *args, grid=grid, warmup=warmup, **kwargs)
        fn = self.fn
        constexprs = [p.name for p in getattr(self, "params", ()) if getattr(p, "is_constexpr", False)]

        def record(g):
            try:
                g = (g,) if _type(g) is int else tuple(g)
                if _programs(g) != 0:
                    LAUNCHES.record_extent(launch_extent(fn, constexprs, g, args, kwargs))
            except Exception:  # an extent that cannot be told: the static tile reading still applies
                pass
            return g

        if callable(grid):
            inner = grid
            grid = lambda meta: record(inner(meta))  # noqa: E731  (Triton passes the bound arguments)
        else:
            record(grid)
        return original(self, *args, grid=grid, warmup=warmup, **kwargs)

    JITFunction.run = run
    return [JITFunction]


def _install_gpu_hook() -> list:
    import triton

    patched = _skip_hook_on_empty_grids() + install_gpu_extent_hook()
    knobs = getattr(triton, "knobs", None)
    if knobs is not None and hasattr(knobs.runtime.launch_enter_hook, "add"):  # triton >= 3.5: a HookChain
        knobs.runtime.launch_enter_hook.add(_gpu_hook)
    elif knobs is not None:  # triton 3.4: a single callable
        knobs.runtime.launch_enter_hook = _gpu_hook
    else:  # older: a class attribute of CompiledKernel
        from triton.compiler.compiler import CompiledKernel

        CompiledKernel.launch_enter_hook = _gpu_hook
        return patched + [CompiledKernel]
    return patched


def install_hooks() -> list:
    """Install the launch hook for this process's mode; returns objects whose integrity to check."""
    try:
        import triton  # noqa: F401  (is Triton importable at all?)
    except Exception:
        return []
    interpret = os.environ.get("TRITON_INTERPRET") == "1"
    triton_shims.install(interpret)
    return _install_interpreter_hook() if interpret else _install_gpu_hook()
