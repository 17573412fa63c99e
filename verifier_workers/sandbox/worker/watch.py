"""What a candidate's forward computed with PyTorch: runs in sandbox worker processes only.

  * ComputeWatch, a TorchDispatchMode that records aten compute ops outside ALLOWED_ATEN (and, in a
    constructor, outside INIT_ATEN), host tables and fp16/bf16/fp8 results; NoWatch stands in where nothing
    is watched; it also keeps what torch wrote per storage (`writes`, provenance.TorchWrites: the outputs must
    come from the forward's launches) and, in a move task (task_moves.py), names the candidate's aten moves;
  * host reads past the dispatcher (numpy, DLPack, lists, printing): `install_host_read_counters`, installed
    by harness before any candidate module exists in the process;
  * the watch's integrity: at every launch and at return it must still be on the dispatch stack, and a pop
    of the stack (or Python dispatch disabled) by candidate code while it is entered removes it
    (`install_watch_guards`, `check_watch_installed`): `watch_removed` in its ops, reported as runtime_patch;
  * the watch's pause state (`pause`/`unpause`, `Paused`, `pause_clean`): the watch ignores ops inside
    interpreted Triton launches (launches.py), whose machinery uses torch itself, and around our own
    input/fingerprint ops. Its true depth is out of the candidate's reach; `_PAUSE` only mirrors it.
"""
from __future__ import annotations

import builtins
import sys

import torch
from torch.utils._python_dispatch import TorchDispatchMode, _get_current_dispatch_mode_stack

from tritonrl.verifier_workers.sandbox.worker import task_moves as moves
from tritonrl.verifier_workers.sandbox.worker import value_ops
from tritonrl.verifier_workers.sandbox.worker.provenance import TorchWrites

_type, _isinstance, _len = builtins.type, builtins.isinstance, builtins.len
_Tensor = torch.Tensor

# Allocation, view, copy, fill and metadata ops: anything else in a candidate's forward is compute that
# PyTorch, not a Triton kernel, does.
ALLOWED_ATEN = frozenset("""
empty empty_like empty_strided empty_permuted new_empty new_empty_strided zeros zeros_like new_zeros ones
ones_like new_ones full full_like new_full fill fill_ zero_ scalar_tensor arange lift_fresh
view view_as _unsafe_view reshape _reshape_alias as_strided as_strided_ t transpose permute expand expand_as
squeeze unsqueeze flatten unflatten select slice narrow split split_with_sizes chunk unbind alias detach
contiguous clone copy_ _to_copy to _copy_from _copy_from_and_resize resize_ set_ cat stack constant_pad_nd
_local_scalar_dense is_nonzero sym_size sym_stride sym_numel sym_storage_offset size stride
unfold diagonal movedim swapdims swapaxes squeeze_ unsqueeze_ transpose_ t_ swapdims_ swapaxes_ view_as_real
view_as_complex randint detach_
_record_function_enter _record_function_enter_new _record_function_exit
""".split())


# What a constructor may do besides the above: random initialisation (nn.init and the torch.rand* factories,
# trunc_normal_'s in-place arithmetic; its erfinv_, and logspace, would tabulate a function: only where the
# reference's constructor uses them). Anything else in a candidate's __init__ that the task's own reference
# constructor does not do is the task's work precomputed from the weights (run_op.py: `init_compute`).
INIT_ATEN = ALLOWED_ATEN | frozenset("""
uniform_ normal_ normal uniform rand randn randint randperm rand_like randn_like randint_like bernoulli
bernoulli_ random_ exponential_ cauchy_ log_normal_ geometric_ mul_ add_ sub_ div_ clamp_ eye eye_
linspace fill_diagonal_ detach_ requires_grad_
""".split())


# int16 too: floats quantised to Q15 in an int16 scratch tensor are half precision by another name (red-team
# round of 2026-11-27, R4B_09); no honest fp32 candidate in the corpus makes one. Not int8/uint8: bool masks
# are viewed as uint8 and one-hot outputs stored as int8 honestly (kernel casts of float values to those are
# refused statically, static/int_precision.py).
LOW_PRECISION_DTYPES = frozenset(d for d in (torch.float16, torch.bfloat16, getattr(torch, "float8_e4m3fn", None),
                                             getattr(torch, "float8_e5m2", None), getattr(torch, "complex32", None),
                                             torch.int16)
                                 if d is not None)


def _pause_counter():
    """The compute watch ignores ops while paused (inside interpreted launches, our own input/fingerprint
    ops). The true depth lives in this closure; `_PAUSE` mirrors it for the harness, which checks that it is
    0 around every forward: a candidate that writes `_PAUSE` (through sys.modules) is caught, never obeyed."""
    depth = [0]

    def pause() -> None:
        depth[0] += 1
        _PAUSE[0] += 1

    def unpause() -> None:
        depth[0] -= 1
        _PAUSE[0] -= 1

    def paused() -> bool:
        return depth[0] > 0

    def intact() -> bool:
        return _PAUSE[0] == depth[0]

    return pause, unpause, paused, intact


_PAUSE = [0]
pause, unpause, _paused, _pause_intact = _pause_counter()  # pause/unpause: launches.py's interpreter hook


# Reading single elements to the host (`.item()`, `float(t)`, iterating a tensor in Python) is allowed a few
# bytes per forward (a scalar parameter, a flag, an index); a forward that reads more is computing on the host.
# Bytes, not reads: one complex128 read carries four fp32 values. run_op also caps it by the output's size
# (HOST_READ_OUTPUT_SHARE), so a tiny task cannot be computed by reading its few inputs.
SCALAR_READS_PER_FORWARD = 32  # bytes
HOST_READ_OUTPUT_SHARE = 16  # at most 1/16 of the output's bytes (and at least 8: one int64 index)


# Elements a watched region may turn from host values into tensors (`torch.tensor(list)`, element-wise stores
# of Python numbers, `full((1,), v)` / `scalar_tensor(v)` pieces, in-place arithmetic element by element).
# Beyond it, the data is a table computed on the host (a LUT of the task's function, a weight fold).
HOST_TABLE_ELEMENTS = 256
# Views and metadata reads: free. Every other op counts towards a constructor's budget (run_op.py: at most
# CONSTRUCTOR_OPS, or twice the reference's): a table built one piece at a time, whatever op makes the pieces
# (fill_, full, uniform_(v, v), normal_(v, 0), randint(k, k+1), linspace(v, v, 1)...), takes an op per entry.
CONSTRUCTOR_OPS = 256
METADATA_ATEN = frozenset("""
view view_as _unsafe_view reshape _reshape_alias as_strided t transpose permute expand expand_as squeeze unsqueeze
flatten unflatten select slice narrow split split_with_sizes chunk unbind alias detach sym_size sym_stride
sym_numel sym_storage_offset size stride is_nonzero _local_scalar_dense unfold diagonal movedim swapdims swapaxes
_record_function_enter _record_function_enter_new _record_function_exit
squeeze_ unsqueeze_ transpose_ t_ swapdims_ swapaxes_ as_strided_ detach_
""".split())  # the in-place forms of views change a tensor's metadata, never its values
_SCALAR_PIECES = frozenset({"scalar_tensor", "full", "new_full", "full_like", "fill_", "fill"})
# In-place arithmetic that nn.init uses with scalars (trunc_normal_); with a tensor operand it is compute.
_SCALAR_ONLY_INPLACE = frozenset({"mul_", "add_", "sub_", "div_", "clamp_"})
_CONVERSIONS = value_ops.CONVERSIONS


# allocations whose contents are whatever the memory held: on a GPU another tensor's bytes (the caching allocator),
# on a CPU often a fresh zeroed page, which a kernel could take for a zeroed accumulator (R10B_11)
UNINITIALISED = frozenset({"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "empty_permuted"})


def _poison_fresh(t) -> None:
    """Fill a candidate's uninitialised allocation as a GPU might leave it: NaN floats, 0x5A integers, True bools
    (the watch is off inside its own handler, so these fills are not the candidate's ops)."""
    try:
        if t.is_floating_point() or t.is_complex():
            t.fill_(float("nan"))
        else:
            t.fill_(True if t.dtype == torch.bool else 0x5A)
    except Exception:  # a tensor these fills refuse (meta, a quantised dtype): left as it came
        pass


def _has_tensor_operand(args, kwargs) -> bool:
    return any(_isinstance(a, _Tensor) and a.dim() > 0 for a in list(args[1:]) + list((kwargs or {}).values()))


def _float_to_int(name: str, args, out) -> bool:
    """A float (or complex) tensor converted to an integer one: truncation or rounding, i.e. compute."""
    if name not in _CONVERSIONS or not args or not _isinstance(args[0], _Tensor):
        return False
    src = args[1] if name in ("copy_", "_copy_from", "_copy_from_and_resize") and len(args) > 1 else args[0]
    dst = args[0] if name == "copy_" else (args[1] if name.startswith("_copy_from") and len(args) > 1 else out)
    return (_isinstance(src, _Tensor) and _isinstance(dst, _Tensor) and (src.is_floating_point() or src.is_complex())
            and not dst.is_floating_point() and not dst.is_complex() and dst.dtype != torch.bool)


def _counter_step(name: str, args: tuple) -> bool:
    """`bn.num_batches_tracked += 1`: an integer counter stepped by a Python int, BatchNorm's bookkeeping in
    training mode (one element, no data: not the task's work)."""
    if name not in ("add_", "sub_") or _len(args) != 2 or not _isinstance(args[0], _Tensor):
        return False
    t, step = args[0], args[1]
    return (_type(step) is int and t.dim() == 0 and t.dtype in (torch.int64, torch.int32)
            and not t.requires_grad)


class ComputeWatch(TorchDispatchMode):
    """Counts what a watched region (a forward, a constructor, a module's import) computes with PyTorch."""

    def __init__(self, scalar_read_limit: int | None = None, task_dtypes=(), task_moves=()):
        super().__init__()
        # the reference's forward moves its data (task_moves.OpNames): the candidate's aten may not (R8A_01/02/08)
        self.move_task = bool(frozenset(task_moves) & (moves.REF_MOVES - moves.SELECTING_VIEWS))
        self.selects = bool(frozenset(task_moves) & moves.SELECTING_VIEWS)
        self.writes = TorchWrites()  # what torch wrote, for the outputs' provenance (provenance.py, R8A_10)
        self.placed: dict = {}  # what copies into slices of buffers read, per storage (_placed_copy)
        # the task's own float dtypes (its inputs', a dtype variant's): a float rounded to one is not compute
        self.task_dtypes = frozenset(task_dtypes)
        self.ops: dict[str, int] = {}
        self.scalar_reads, self.scalar_read_limit = 0, scalar_read_limit
        self.host_elements = 0  # elements made from host values (HOST_TABLE_ELEMENTS)
        self.total = 0  # ops that make or change data (not views or metadata): a constructor's budget
        self.tampered = False  # the pause mirror was written by someone else
        self.low_precision = 0  # ops that made fp16/bf16/fp8 tensors (a downgrade unless the task has them)
        self.seen: set[str] = set()  # every op it saw, allowed or not (device_kernels.py compares on a GPU)

    def __enter__(self):
        out = super().__enter__()
        _ENTERED.append(self)
        return out

    def __exit__(self, *exc):
        self.check_installed()  # at return: still on the stack (a pop without a push back leaves it off)
        _EXITING[0] += 1
        try:
            return super().__exit__(*exc)
        finally:
            _EXITING[0] -= 1
            _ENTERED[:] = [w for w in _ENTERED if w is not self]

    def check_installed(self) -> None:
        if not any(m is self for m in _get_current_dispatch_mode_stack()):
            self.removed()

    def removed(self) -> None:
        """The watch was taken off the dispatch stack (or dispatch was disabled) by candidate code."""
        self.tampered = True
        self.ops["watch_removed"] = self.ops.get("watch_removed", 0) + 1

    def __torch_dispatch__(self, func, types, args=(), kwargs=None, _paused=_paused, _intact=_pause_intact):
        if not _intact():
            self.tampered = True
        name = func.overloadpacket.__name__
        self.seen.add(name)
        if _paused():
            return func(*args, **(kwargs or {}))
        if name not in METADATA_ATEN:
            self.total += 1
        if name in ("linspace", "logspace") and any(_isinstance(a, _Tensor) for a in args):
            name = f"{name}(tensor)"  # endpoints from tensor data: arithmetic on it (a running mean...)
        elif name in _SCALAR_ONLY_INPLACE and _has_tensor_operand(args, kwargs):
            name = f"{name}(tensor)"  # not in INIT_ATEN: a constructor folding weights into each other
        elif name in _SCALAR_ONLY_INPLACE and not _counter_step(name, args):
            name = value_ops.scalar_inplace_op(name)  # nn.init's own, or `mul_(scalar)`: a fold (R7A_08)
        elif name == "view":
            name = value_ops.dtype_view_op(args) or name  # bytes picked out of elements
        elif name == "arange":
            name = value_ops.arange_op(args, kwargs) or name  # a table of start + i*step (R7A_03)
        elif (self.move_task or self.selects) and (moved := moves.move_op(name, args, kwargs, self.selects, self.move_task)):
            name = moved  # the task's move done by aten, named once (R7A_01, R8A_01)
        elif name in value_ops.COPIES:
            pause()  # the overlap masks' own ops
            try:
                name = value_ops.overlap_copy_op(name, args) or self._placed_copy(name, args)  # a gather (R7A_04)
            finally:
                unpause()
        base = name.split("(")[0]
        if name not in ALLOWED_ATEN and not _counter_step(name, args):
            self.ops[name] = self.ops.get(name, 0) + 1
        elif name == "_local_scalar_dense":
            t = args[0] if args and _isinstance(args[0], _Tensor) else None
            self.host_reads(t.element_size() if t is not None else 8, t)
        out = func(*args, **(kwargs or {}))
        if base in UNINITIALISED and _isinstance(out, _Tensor):
            _poison_fresh(out)
        if base not in METADATA_ATEN:
            self.writes.record(base, args, kwargs, out)
        if name in _CONVERSIONS:  # a conversion that changes values (R7A_02, R7A_10)
            converted = self._conversion(name, args, out)
            if converted:
                self.ops[converted] = self.ops.get(converted, 0) + 1
        if name in _SCALAR_PIECES or base in _SCALAR_ONLY_INPLACE or (
                name == "copy_" and _isinstance(out, _Tensor) and out.numel() <= 1):
            if _isinstance(out, _Tensor) and out.numel() <= 16:  # a piece of a table, not an allocation
                self.host_table(1)
        if name == "lift_fresh" and _isinstance(out, _Tensor):
            self.host_table(out.numel())
        elif _float_to_int(name, args, out):
            self.ops["float_to_int"] = self.ops.get("float_to_int", 0) + 1
        if _isinstance(out, _Tensor) and out.dtype in LOW_PRECISION_DTYPES:
            self.low_precision += 1
        return out

    def _placed_copy(self, name: str, args) -> str:
        """`buf[..., i] = src`: a copy into a slice of a buffer. Where the reference's forward moves data
        (task_moves) it is that move by other means (a cat by slice assignment); anywhere, a source that
        overlaps an earlier placed copy's is data replicated piece by piece (an im2col loop)."""
        if name != "copy_" or _len(args) < 2 or not _isinstance(args[0], _Tensor) or not _isinstance(args[1], _Tensor):
            return name
        if not value_ops.partial_view(args[0]) or args[1].numel() <= 1:
            return name
        if self.move_task:
            return "copy_(the task's)"
        return "copy_(overlapping)" if value_ops.touches_again(args[1], self.placed) else name

    def _conversion(self, name: str, args, out) -> str | None:
        pause()  # the round trip's own ops are ours (and run with this mode off the stack)
        try:
            return value_ops.conversion_op(name, args, out, self.task_dtypes)
        finally:
            unpause()

    def host_table(self, n: int) -> None:
        self.host_elements += n
        if self.host_elements > HOST_TABLE_ELEMENTS:
            self.ops["host_table"] = self.host_elements

    def host_reads(self, n: int, t=None) -> None:
        """`n` bytes of tensor data read to the host, from `t` where known. Values a launch of this forward
        made, read back, are the host finishing the kernel's work: its arithmetic on them, stored back by a
        launch, is the host's answer laundered (a total of partial sums, a norm's sqrt: R10A_07, R10B_04).
        Integers too: float bits pass through an int view or an int buffer (no KernelBench task sizes an
        output by a count its kernel made)."""
        if _isinstance(t, _Tensor) and self.writes.launch_result(t):
            self.ops["host_read(launch result)"] = self.ops.get("host_read(launch result)", 0) + 1
        self.scalar_reads += n
        if self.scalar_read_limit is not None and self.scalar_reads > self.scalar_read_limit:
            self.ops["host_scalar_reads"] = self.scalar_reads


# Watches between their __enter__ and __exit__, and whether one is popping itself in its __exit__ now
_ENTERED: list = []
_EXITING = [0]
_getframe = sys._getframe


def check_watch_installed() -> None:
    """At every launch (launches.py): each entered watch must still be on the dispatch stack."""
    if _ENTERED and not _LEGIT_POPS[0]:
        for w in _ENTERED:
            w.check_installed()


_LEGIT_POPS = [0]  # torch's own code (a higher-order op such as wrap_triton's) has a mode popped right now


def _caller_is_torch() -> bool:
    """Whether the code that asked for the pop is torch's own: the first frame outside the dispatch helpers
    and contextlib belongs to a torch module (its higher-order ops pop the mode they dispatch to)."""
    f = _getframe(2)
    while f is not None and f.f_globals.get("__name__") in ("torch.utils._python_dispatch", "contextlib"):
        f = f.f_back
    return f is not None and str(f.f_globals.get("__name__", "")).startswith("torch.")


def _guarded(original):
    """A dispatch-stack pop (or dispatch disabled) while a watch is entered, asked for by anything but the
    watch's own __exit__ or torch's own code, removes the watch: each entered watch records it."""

    def call(*args, **kwargs):
        if _ENTERED and not _EXITING[0]:
            if _caller_is_torch():
                _LEGIT_POPS[0] += 1
            else:
                for w in _ENTERED:
                    w.removed()
        return original(*args, **kwargs)

    return call


# dispatch-key guards: one that excludes the Python key (or forces a key set) runs torch ops below every
# dispatch mode, as good as a pop (red-team round 5, R5A_01)
KEY_GUARDS = ("_ExcludeDispatchKeyGuard", "ExcludeDispatchKeyGuard", "_ForceDispatchKeyGuard",
              "_SetExcludeDispatchKeyGuard", "_DisablePythonDispatcher")


def _guarded_key_set(original):
    """A dispatch-key guard made while a watch is entered by anything but torch's own code removes the watch.
    (Unlike a pop, no push follows: torch's own use is simply let through.)"""

    def make(*args, **kwargs):
        if _ENTERED and not _EXITING[0] and not _caller_is_torch():
            for w in _ENTERED:
                w.removed()
        return original(*args, **kwargs)

    return make


def _counted_push(original):
    def push(*args, **kwargs):
        if _LEGIT_POPS[0]:
            _LEGIT_POPS[0] -= 1
        return original(*args, **kwargs)

    return push


def install_watch_guards() -> list:
    """Before any candidate exists: route the ways to take a dispatch mode off the stack (or to disable
    Python dispatch) through `_guarded`, in torch._C and in the Python helpers that bound them at import."""
    from torch.utils import _python_dispatch as pd

    for owner in (torch._C, pd):
        for name in ("_pop_torch_dispatch_stack", "_DisableTorchDispatch", "_unset_dispatch_mode"):
            if hasattr(owner, name):
                setattr(owner, name, _guarded(getattr(owner, name)))
        for name in KEY_GUARDS:
            if hasattr(owner, name):
                setattr(owner, name, _guarded_key_set(getattr(owner, name)))
        if hasattr(owner, "_push_on_torch_dispatch_stack"):
            owner._push_on_torch_dispatch_stack = _counted_push(owner._push_on_torch_dispatch_stack)
    return [pd]


def _active_watches() -> list:
    return [m for m in _get_current_dispatch_mode_stack() if _type(m) is ComputeWatch]


def _host_read_counter(name: str, original, per_element: bool):
    """Tensor -> host copies (numpy, DLPack, Python lists) in a watched forward are host compute: numpy
    export always counts as an op; `.tolist()` counts its elements against the scalar-read budget."""

    def read(self, *args, **kwargs):
        if not _paused():
            for w in _active_watches():
                if per_element:
                    w.host_reads(max(1, int(self.numel()) * int(self.element_size())),  # bytes
                                 self if name == "host_tolist" else None)  # printing is not arithmetic
                else:
                    w.ops[name] = w.ops.get(name, 0) + 1
        return original(self, *args, **kwargs)

    read.__name__ = getattr(original, "__name__", name)
    return read


def install_host_read_counters() -> list:
    """Before any candidate exists: count host reads on torch.Tensor (covered by the integrity snapshot)."""
    # apply_/map_/map2_ run a Python callable per element on the host, below the dispatcher the watch sees
    # __repr__ (also behind str(), format() and f-strings): torch's printing turns dispatch modes off, so
    # formatting a tensor reads every element past the watch; it counts each element, like tolist()
    # (where torch's printer entry `torch._tensor_str._str` exists, it is counted instead of __repr__, which
    # calls it: candidate code reaching the printer directly reads the same elements; red-team round 5, R5A_10)
    import torch._tensor_str as tensor_str

    printer = getattr(tensor_str, "_str", None)
    for attr, per_element in (("__array__", False), ("numpy", False), ("__dlpack__", False), ("tolist", True),
                              ("__repr__", True), ("apply_", False), ("map_", False), ("map2_", False)):
        original = getattr(_Tensor, attr, None)
        if original is not None and not (attr == "__repr__" and printer is not None):
            setattr(_Tensor, attr, _host_read_counter(f"host_{attr.strip('_')}", original, per_element))
    if printer is not None:
        tensor_str._str = _host_read_counter("host_repr", printer, True)
    return [_Tensor, tensor_str]


class Paused:
    """The watch off for our own ops (inputs, fingerprints) inside a watched region."""

    def __enter__(self):
        pause()

    def __exit__(self, *exc):
        unpause()


def pause_clean() -> bool:
    """No pause in force and the mirror untouched: true between forwards."""
    return _PAUSE[0] == 0 and not _paused() and _pause_intact()


class NoWatch:
    """In place of ComputeWatch where nothing is watched (the reference, unchecked runs): no ops."""

    ops: dict[str, int] = {}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
