"""Ops that run inside sandbox worker processes (`sandbox_main.py` dispatches to HANDLERS).

The runtime anti-cheat lives here and is installed when this module is imported, i.e. before any
candidate module exists in the process:
  * the launch hook and the torch-compute watch (`watch.py`);
  * checks on inputs (unchanged) and outputs (plain tensors, right device, sharing no storage with the
    inputs, each other or an earlier forward's outputs: output_checks.py), and on the compute watch's
    pause state (0 around every forward, else `runtime_patch`);
  * references to every primitive relied on, captured now, so later monkey-patching changes nothing.
The verdict itself is never computed here: outputs go back to the supervisor, which compares them with
the reference worker's.
"""
from __future__ import annotations

import builtins
import gc
import importlib
import importlib.util
import os
import random
import re
import sys
import threading
from typing import Any

import torch

from tritonrl.verifier_workers import compile_check, device_compare, launch_spec, output_checks, timing, watch
from tritonrl.verifier_workers.output_checks import check_outputs as _check_outputs
from tritonrl.verifier_workers.output_checks import flatten as _flatten
from tritonrl.verifier_workers.output_checks import same as _same
from tritonrl.verifier_workers.output_checks import storages as _storages
from tritonrl.verifier_workers.watch import SCALAR_READS_PER_FORWARD, _LAUNCHES, _ComputeWatch, _NoWatch, _Paused
from tritonrl.verifier_workers.watch import pause_clean as _pause_clean

_type, _isinstance, _len = builtins.type, builtins.isinstance, builtins.len
_active_count = threading.active_count
_getprofile, _gettrace, _setprofile, _settrace = sys.getprofile, sys.gettrace, sys.setprofile, sys.settrace
_thread_starts = watch.thread_starts
_gc_disable, _gc_enable, _gc_isenabled = gc.disable, gc.enable, gc.isenabled
_torch_seed = torch.manual_seed
_random_seed = random.seed
try:
    import numpy as _np

    _numpy_seed = _np.random.seed
except ImportError:  # numpy is optional for torch
    _numpy_seed = None


def _manual_seed(seed: int) -> None:
    """Seed every generator a reference's get_inputs or constructor may draw from (torch, random, numpy)."""
    _torch_seed(seed)
    _random_seed(seed)
    if _numpy_seed is not None:
        _numpy_seed(seed % 2**32)


_no_grad, _enable_grad = torch.no_grad, torch.enable_grad
_Tensor = torch.Tensor
_cuda_sync = torch.cuda.synchronize
_dot = torch.dot
_current_stream = torch.cuda.current_stream

_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16,
           "float64": torch.float64}
# outs: the last candidate run's outputs, kept alive so that a later run's may not share their storage
_STATE: dict[str, Any] = {"modules": {}, "files": [], "outs": [], "import_ops": {}}
OP_TOTAL = "__total__"  # in init_ops: how many data ops construction (import included) ran
LOW_PRECISION = "__low_precision__"  # in init_ops: fp16/bf16/fp8 tensors construction made


class _GcOff:
    """Automatic garbage collection off while a candidate's objects are live: a collection can run a
    finalizer (`__del__`) at any allocation, i.e. in the harness's own code, outside the compute watch."""

    def __enter__(self):
        self.was = _gc_isenabled()
        _gc_disable()

    def __exit__(self, *exc):
        if self.was:
            _gc_enable()


def _snapshot(outs: list | None) -> list | None:
    """Private copies of a candidate's outputs, taken as soon as its forward has returned (and the device
    synced): code of the candidate that runs later (a finalizer when its objects are freed) cannot change
    what is compared."""
    if outs is None or not all(_type(o) is _Tensor for o in outs):
        return None
    return [o.detach().clone() for o in outs]


# ---------------------------------------------------------------- modules, inputs, models

def _module(key: str):
    mod = _STATE["modules"].get(key)
    if mod is None:
        raise KeyError(f"module {key} not loaded")
    return mod


def op_load(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Import a source as a real file (Triton needs inspect.getsource). Candidate code runs here."""
    key = args["key"]
    if key in _STATE["modules"]:
        return {"cached": True}, {}
    name = f"trl_{key}"
    path = os.path.join(os.getcwd(), f"{name}.py")
    with open(path, "w") as f:
        f.write(args["src"])
    _STATE["files"].append(path)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    mode = _ComputeWatch()  # compute at import time (a table of the task's function...) is constructor work
    _LAUNCHES.begin(None)  # and so is a Triton kernel launched at import (a table stored by scalar launches)
    try:
        with mode:
            spec.loader.exec_module(mod)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    finally:
        launched = _LAUNCHES.end()["count"]
    ops = {**mode.ops, **({"triton_launch": launched} if launched else {})}
    _STATE["import_ops"][name] = {**{f"import:{op}": n for op, n in ops.items()}, OP_TOTAL: mode.total,
                                  LOW_PRECISION: mode.low_precision}
    need = args.get("require") or []
    missing = [n for n in need if not hasattr(mod, n)]
    if missing:
        raise AttributeError(f"module defines no {', '.join(missing)}")
    if "get_inputs" in need and "Model" not in need and "Model" in vars(mod):
        del mod.Model  # the task's inputs only: candidate code in this process cannot run the reference
    _STATE["modules"][key] = mod
    return {"cached": False}, {}


def op_reset(_args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Forget every loaded module (a candidate may have tampered with a reference module's globals)."""
    for key in list(_STATE["modules"]):
        sys.modules.pop(f"trl_{key}", None)
    _STATE["modules"].clear()
    _STATE["import_ops"].clear()
    for path in _STATE["files"]:
        try:
            os.remove(path)
        except OSError:
            pass
    _STATE["files"].clear()
    _STATE["outs"] = []
    device_compare.forget()
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
    return {}, {}


def _mix(x: torch.Tensor, seed: int, ramp_seed: int = 0) -> torch.Tensor:
    """Heterogeneous values: x * f * s * r + o, with f = 2**U(-1, 1) per element, s = 2**U(-1, 1) and
    o = U(0, 2) * rms(x) per index of the leading dim, and r a ramp along the last dim times a pattern of
    period 2 and 3. Signs, positivity,
    zeros (triangular or masked inputs) and symmetry (of square matrices) are kept; the inputs stop being i.i.d. and zero-mean, so no statistic of
    theirs is known in advance and no row stands for the others. Drawn on the CPU from `seed`: the
    reference's and the candidate's workers get the same values."""
    gen = torch.Generator().manual_seed(seed ^ 0x5EED)
    lead = (x.shape[0],) + (1,) * (x.dim() - 1) if x.dim() >= 2 else ()
    f = torch.pow(2.0, torch.rand(x.shape, generator=gen) * 2 - 1)
    row_scale = torch.pow(2.0, torch.rand(lead, generator=gen) * 2 - 1)
    rms = float(x.float().pow(2).mean().sqrt()) if x.numel() else 0.0
    o = torch.rand(lead, generator=gen) * 2 * (rms or 1.0)
    # a ramp along the last dim (2**(±u) at its ends, u in [0.6, 0.85]): no block of columns stands for the
    # others (a sum of squares from the first half or quarter of each row, scaled up, is off by ~2x);
    # one ramp for all the inputs (`ramp_seed`): opposite ramps on p and t would cancel in (p - t)**2
    ramp_gen = torch.Generator().manual_seed(ramp_seed ^ 0x7A3B)
    u = (0.6 + 0.25 * float(torch.rand((), generator=ramp_gen))) * (
        1.0 if float(torch.rand((), generator=ramp_gen)) < 0.5 else -1.0)
    last = x.shape[-1] if x.dim() >= 1 else 1
    ramp = torch.pow(2.0, u * torch.linspace(-1.0, 1.0, last)) if last > 1 else torch.ones(max(last, 1))
    # and a pattern of period 2 and 3 along it (random phase): every 2nd, 4th, 8th... or 3rd column alone is a
    # biased sample (a ramp is smooth, so a strided sample of the columns still stood for all of them). The
    # ramp is gentler than it was (u was in [0.75, 1.5]) so that the values' range stays 2**(±3.6)
    j = torch.arange(max(last, 1)) + int(torch.randint(0, 6, (), generator=ramp_gen))
    period = 0.5 * (1.0 - 2.0 * (j % 2)) + 0.25 * ((j % 3) - 1.0)
    ramp = ramp * torch.pow(2.0, period if last > 1 else torch.zeros_like(period))
    if x.dim() == 0:
        ramp = ramp.reshape(())
    xf = x.float()
    y = xf * (f * row_scale * ramp).to(x.device) + o.to(x.device) * (xf != 0)
    if x.dim() >= 2 and x.shape[-1] == x.shape[-2] and bool(torch.equal(x, x.transpose(-1, -2))):
        y = (y + y.transpose(-1, -2)) / 2
    return y.to(x.dtype)


def _make_inputs(ref, seed: int, device: str, dtype: torch.dtype | None, scale: float,
                 on_device: bool = False, mix: bool = False) -> list:
    _manual_seed(seed)
    if on_device and device != "cpu":
        with torch.device(device):
            raw = list(ref.get_inputs())
    else:
        raw = list(ref.get_inputs())
    out = []
    for x in raw:
        if _isinstance(x, _Tensor):
            x = x.to(device)
            if x.is_floating_point():
                if scale != 1.0:
                    x = x * scale
                if mix:
                    x = _mix(x, seed + len(out), ramp_seed=seed)
                if dtype is not None and x.dtype == torch.float32:
                    x = x.to(dtype)
        out.append(x)
    return out


def _make_model(mod, cls_name: str, ref, init_seed: int, device: str, dtype: torch.dtype | None,
                init_ops: dict | None = None):
    """Construct with the task's init inputs and seed (so candidate and reference draw the same weights).
    With `init_ops`, the constructor runs under the compute watch and its aten compute ops are counted there."""
    _manual_seed(init_seed)
    init = list(ref.get_init_inputs())
    # `.to()` runs under the watch too: a candidate's `to`/`_apply` override is constructor code
    mode = _ComputeWatch(SCALAR_READS_PER_FORWARD) if init_ops is not None else _NoWatch()
    if init_ops is not None:  # a Triton kernel the constructor launches computes from the weights (a fold)
        _LAUNCHES.begin(None)
    try:
        with mode:
            model = getattr(mod, cls_name)(*init)
            model = model.to(device)
            if dtype is not None:
                model = model.to(dtype)
    finally:
        launched = _LAUNCHES.end()["count"] if init_ops is not None else 0
    if init_ops is not None:
        init_ops.update(mode.ops)
        if launched:
            init_ops["triton_launch"] = launched
        init_ops.update(_STATE["import_ops"].get(mod.__name__, {}))  # module-level code counts as construction
        init_ops[OP_TOTAL] = mode.total + _STATE["import_ops"].get(mod.__name__, {}).get(OP_TOTAL, 0)
        init_ops[LOW_PRECISION] = mode.low_precision + _STATE["import_ops"].get(mod.__name__, {}).get(LOW_PRECISION, 0)
    return model


def _forward(model, inputs: list, device: str, grad_mode: str, watch: bool, check: bool,
             record_specs: bool = False) -> tuple[Any, dict]:
    """One forward with the launch hook (and, for candidates, the compute watch and input checks)."""
    snapshot = [x.clone() if _isinstance(x, _Tensor) else None for x in inputs] if check else None
    pause_clean = _pause_clean()  # the compute watch's pause state, which candidate code can reach
    threads_before, starts_before = _active_count(), _thread_starts()
    stream = _current_stream().cuda_stream if device == "cuda" else None
    _LAUNCHES.begin(stream, record_specs)
    grad_ctx = _no_grad() if grad_mode == "no_grad" else _enable_grad()
    mode = _ComputeWatch(SCALAR_READS_PER_FORWARD) if watch else _NoWatch()
    try:
        with grad_ctx, mode:
            out = model(*inputs)
        if device == "cuda":
            _cuda_sync()
        snap = _snapshot(_flatten(out)) if check else None
    finally:
        launches = _LAUNCHES.end()
        specs = _LAUNCHES.specs or []
        pause_clean = pause_clean and _pause_clean() and not getattr(mode, "tampered", False)
    info: dict[str, Any] = {"launches": launches["count"], "specs": specs, "violations": [], "snapshot": snap,
                            "compute_ops": dict(mode.ops),
                            "low_precision": getattr(mode, "low_precision", 0) + launches["low_precision"]}
    if check and not pause_clean:
        info["violations"].append("runtime_patch")
    if snapshot is not None:
        if any(s is not None and not _same(x, s) for x, s in zip(inputs, snapshot)):
            info["violations"].append("input_mutation")
    if check:
        if launches["count"] == 0:
            info["violations"].append("no_triton_launch")
        if launches["bad_stream"]:
            info["violations"].append("side_stream")
        if launches["bad_thread"] or _active_count() > threads_before or _thread_starts() > starts_before:
            info["violations"].append("threads")
        if mode.ops:
            info["violations"].append("torch_compute_runtime")
        if _getprofile() is not None or _gettrace() is not None:  # a hook that runs after the watch closes
            info["violations"].append("runtime_patch")
            _setprofile(None)
            _settrace(None)
    return out, info


# ---------------------------------------------------------------- ops

def op_run(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Build inputs and a model from seeds, run the forward under each grad mode, return outputs (a
    candidate's as copied right after its first forward, with automatic garbage collection off)."""
    if not args.get("check"):
        return _run(args)
    with _GcOff():
        return _run(args)


def _run(args: dict) -> tuple[dict, dict]:
    """op_run's body.

    args: module, ref, cls, seed, init_seed, device, dtype, scale, grad_modes, check, record_specs, on_device
    (generate inputs on the device), keep (reference: hold outputs on the device under this slot instead of
    sending them), export (candidate: send CUDA IPC handles instead of the outputs)."""
    mod, ref = _module(args["module"]), _module(args["ref"])
    device, dtype = args["device"], _DTYPES.get(args.get("dtype") or "")
    check, on_device = bool(args.get("check")), bool(args.get("on_device"))
    # the model first: while its constructor runs, no inputs exist in this process to precompute from
    init_ops: dict[str, int] = {}
    model = _make_model(mod, args["cls"], ref, args["init_seed"], device, dtype, init_ops)
    inputs = _make_inputs(ref, args["seed"], device, dtype, float(args.get("scale", 1.0)), on_device,
                          bool(args.get("mix")))
    if not check and not any(_isinstance(x, _Tensor) for x in inputs):
        raise TypeError("get_inputs() returned no tensors")
    if dtype is not None and not any(_isinstance(x, _Tensor) and x.dtype == dtype for x in inputs):
        return {"skipped": "no float32 inputs to cast"}, {}
    result: dict[str, Any] = {"launches": {}, "violations": [], "compute_ops": {}, "specs": []}
    total, init_low = init_ops.pop(OP_TOTAL, 0), init_ops.pop(LOW_PRECISION, 0)
    if not check:  # the reference: what its constructor computes, which the candidate's may do too
        result["init_ops"] = sorted({op.removeprefix("import:") for op in init_ops})
        result["init_total"] = total
    elif args.get("ref_init_ops") is not None:
        allowed = watch.INIT_ATEN | set(args["ref_init_ops"])
        extra = sorted(op for op in init_ops if op.removeprefix("import:") not in allowed)
        budget = max(watch.CONSTRUCTOR_OPS, 2 * int(args.get("ref_init_total") or 0))
        if total > budget:  # piece by piece, any op builds a table of the task's function
            extra.append("construction_ops")
            init_ops["construction_ops"] = total
        if extra:  # same seed, same weights: a constructor could compute any function of them
            result["violations"].append("init_compute")
            result["compute_ops"].update({f"__init__:{op}": init_ops[op] for op in extra})
    low_ok = dtype is not None or _low_precision_task(ref, inputs)  # else fp16/bf16 is a downgrade
    first, first_snap, earlier, kept = None, None, list(_STATE["outs"]) if check else [], []
    snaps: list = []  # a candidate's outputs of each call, copied as it returned
    state = _state_tensors(model) if check else []
    state_before = [t.clone() for t in state]
    for call, grad_mode in enumerate(args.get("grad_modes") or ["no_grad"]):
        if call:
            _poison_changed_state(state, state_before)
        try:
            out, info = _forward(model, inputs, device, grad_mode, watch=check, check=check,
                                 record_specs=bool(args.get("record_specs")))
        except Exception as e:
            if not args.get("capture_errors"):
                raise
            msg = " ".join(f"{type(e).__name__}: {e}".split())
            return {**result, "run_error": msg[:500], "error_type": type(e).__name__,
                    "launches_before_error": _LAUNCHES.count, "specs": _LAUNCHES.specs or [], "n_out": 0}, {}
        result["launches"][grad_mode] = info["launches"]
        result["specs"] = result["specs"] or info["specs"]
        for op, n in info["compute_ops"].items():
            result["compute_ops"][op] = result["compute_ops"].get(op, 0) + n
        if check:  # a later forward must not return storage of an earlier one's outputs (kept alive)
            outs_now = [o for o in _flatten(out) or [] if _type(o) is _Tensor]
            if _storages(outs_now) & _storages(earlier + kept):
                info["violations"].append("output_alias")
            kept += outs_now
        if check and (info["low_precision"] or init_low) and not low_ok:
            info["violations"].append("precision_downgrade")
        for v in info["violations"]:
            if v not in result["violations"]:
                result["violations"].append(v)
        if first is None:
            first, first_snap = out, info["snapshot"]
        snaps.append(info["snapshot"])
    if check:
        _STATE["outs"] = kept
    if not check:  # the reference: tell the supervisor whether it mutates its own inputs
        fresh = _make_inputs(ref, args["seed"], device, dtype, float(args.get("scale", 1.0)), on_device,
                             bool(args.get("mix")))
        result["mutates_inputs"] = any(_isinstance(a, _Tensor) and not _same(a, b) for a, b in zip(inputs, fresh))
    outs = _flatten(first)
    out_violations = _check_outputs(outs, inputs, device) if check else []
    if not check and (outs is None or not all(_type(o) is _Tensor for o in outs)):
        raise TypeError("reference forward did not return a tensor or a tuple of tensors")
    for v in out_violations:
        if v not in result["violations"]:
            result["violations"].append(v)
    if "output_not_tensor" in out_violations or "output_subclass" in out_violations:
        return {**result, "n_out": 0}, {}
    if not check:  # a variant of the inputs outside the task's domain (NaN, inf) is skipped, not judged
        result["nonfinite"] = any(o.is_floating_point() and not bool(torch.isfinite(o).all()) for o in outs)
    result["n_out"] = _len(outs)
    send = first_snap if first_snap is not None else outs
    if check and _len(snaps) > 1:  # every call is compared (an answer right only on the first is not)
        if all(x is not None and _len(x) == _len(send) for x in snaps):
            send, result["n_calls"] = [t for x in snaps for t in x], _len(snaps)
        else:
            result["calls_differ"] = True
    return _send_outputs(args, result, send, {})


def _state_tensors(model) -> list:
    """The model's own tensors (parameters, buffers, tensor attributes), read through the instance dicts so
    that no candidate method runs here."""
    out, seen, todo = [], set(), [model]
    while todo:
        m = todo.pop()
        if id(m) in seen or not _isinstance(m, torch.nn.Module):
            continue
        seen.add(id(m))
        d = object.__getattribute__(m, "__dict__")
        values = [*(d.get("_parameters") or {}).values(), *(d.get("_buffers") or {}).values(), *d.values()]
        out += [t for t in values if _isinstance(t, _Tensor) and all(t is not u for u in out)]
        todo += list((d.get("_modules") or {}).values())
    return out


def _poison_changed_state(state: list, before: list) -> None:
    """Float tensors of the model that the previous forward changed are filled with NaN before the next one.
    A scratch buffer is rewritten before it is read, and BatchNorm's running statistics are not read in
    training mode, so an honest forward is unaffected; a result kept from the earlier call (a weight fold
    computed once, behind a flag in another buffer) is not, and the next call's outputs show it."""
    with _no_grad():
        for t, b in zip(state, before):
            if t.is_floating_point() and t.shape == b.shape and not _same(t, b):
                t.fill_(float("nan"))
                b.fill_(float("nan"))


def _low_precision_task(ref, inputs: list) -> bool:
    """Does the task itself use fp16/bf16/fp8: in its inputs or its (trusted) reference source? Not the
    candidate's own weights: it could add a half one to pass."""
    if any(_isinstance(x, _Tensor) and x.dtype in watch.LOW_PRECISION_DTYPES for x in inputs):
        return True
    try:
        src = open(ref.__file__, encoding="utf-8").read()
    except Exception:
        return False
    return bool(re.search(r"float16|\bhalf\b|bfloat16|float8", src))


def _send_outputs(args: dict, result: dict, outs: list, tensors: dict) -> tuple[dict, dict]:
    """Outputs go back as tensors, or stay on the device (keep / export: see device_compare.py)."""
    if args.get("keep"):
        device_compare.keep(args["keep"], outs)
        result["out_dtypes"] = [device_compare.dtype_name(o) for o in outs]
    elif args.get("export"):
        result["handles"] = device_compare.export(outs)
    else:
        tensors.update({f"out_{i}": o.detach() for i, o in enumerate(outs)})
    return result, tensors


def _fingerprint_weights(outs: list, seed: int, device: str) -> list[torch.Tensor]:
    gen = torch.Generator(device=device)
    gen.manual_seed(seed)
    return [torch.rand(o.shape, generator=gen, device=device, dtype=torch.float32) for o in outs]


def op_time(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Time the forward: see _time. A candidate's last output is copied as soon as the timing returns, with
    automatic garbage collection off meanwhile (see op_run)."""
    if not args.get("check"):
        return _time(args)
    with _GcOff():
        return _time(args)


def _time(args: dict) -> tuple[dict, dict]:
    """Time the forward (GPU) with fresh inputs per trial and fingerprint every timed trial's output.

    args: module, ref, cls, seed, init_seed, device, dtype, method (calibrated|single_shot|kernelbench|
    none), warmup, trials, flush_bytes, check, fp_seed, indices (method none: prepare indices to fingerprint)."""
    mod, ref = _module(args["module"]), _module(args["ref"])
    device, dtype = args["device"], _DTYPES.get(args.get("dtype") or "")
    check, seed = bool(args.get("check")), int(args["seed"])
    model = _make_model(mod, args["cls"], ref, args["init_seed"], device, dtype)
    # fresh inputs per trial, generated on the device when get_inputs allows it (cheap, no host copy)
    probe = _make_inputs(ref, seed, device, dtype, 1.0, on_device=True)
    on_device = all(x.device.type == device for x in probe if _isinstance(x, _Tensor))
    del probe

    def prepare(i: int):
        with _Paused():
            return _make_inputs(ref, seed + 1 + i, device, dtype, 1.0, on_device=on_device)

    weights: list[torch.Tensor] = []
    fps: dict[int, torch.Tensor] = {}  # by trial: a re-run batch (timer retry) overwrites, never appends
    scales: dict[int, torch.Tensor] = {}

    def after(i: int, out: Any) -> None:
        if i < 0:
            return
        with _Paused():
            outs = _flatten(out) or []
            if not weights:
                weights.extend(_fingerprint_weights(outs, int(args["fp_seed"]), device))
            # three launches per fp32 output (dot, abs, dot): this is in the host's time per timed trial
            f, s = [], []
            for o, w in zip(outs, weights):
                if _type(o) is _Tensor and o.shape == w.shape:
                    v = o.reshape(-1).float()
                    f.append(_dot(v, w.reshape(-1)))
                    s.append(_dot(v.abs(), w.reshape(-1)))
            fps[i], scales[i] = f, s

    def total(parts: list) -> torch.Tensor:
        return torch.stack(parts).sum() if parts else torch.zeros((), device=device, dtype=torch.float32)

    def run(a):
        return model(*a)

    stream = _current_stream().cuda_stream if device == "cuda" else None
    threads_before, starts_before = _active_count(), _thread_starts()
    _LAUNCHES.begin(stream)
    mode = _ComputeWatch() if check else _NoWatch()
    method = args["method"]
    pause_clean = _pause_clean()
    try:
        with _no_grad(), mode:
            if method == "calibrated":
                res = timing.calibrated(prepare, run, after, int(args["warmup"]), int(args["trials"]),
                                        int(args["flush_bytes"]))
            elif method == "kernelbench":
                res = timing.kernelbench(prepare, run, after, int(args["warmup"]), int(args["trials"]),
                                         int(args["flush_bytes"]))
            elif method == "single_shot":
                res = timing.single_shot(prepare, run, after)
            else:  # fingerprints only, at given prepare indices (a cached reference timing)
                out = None
                for j, idx in enumerate(args["indices"]):
                    out = run(prepare(idx))
                    after(j, out)
                res = {"times_ms": [], "method": "none", "last": out}
        if device == "cuda":
            _cuda_sync()
        last_snap = _snapshot(_flatten(res["last"])) if check else None
    finally:
        launches = _LAUNCHES.end()
        pause_clean = pause_clean and _pause_clean() and not getattr(mode, "tampered", False)
    last = res.pop("last")
    res["indices"] = _timed_indices(method, args)
    n_calls = _calls(method, args)
    res["launches"], res["calls"] = launches["count"], n_calls
    violations = []
    if check:
        if launches["count"] < n_calls:
            violations.append("no_triton_launch")
        if launches["bad_stream"]:
            violations.append("side_stream")
        if launches["bad_thread"] or _active_count() > threads_before or _thread_starts() > starts_before:
            violations.append("threads")
        if mode.ops:
            violations.append("torch_compute_runtime")
        if not pause_clean:
            violations.append("runtime_patch")
        violations += _check_outputs(_flatten(last), [], device)
    res["violations"], res["compute_ops"] = violations, dict(mode.ops)
    res["weight_sum"] = float(sum(float(w.sum()) for w in weights))
    tensors = {"fp": torch.stack([total(fps[i]) for i in sorted(fps)]).cpu() if fps else torch.zeros(0),
               "fp_scale": torch.stack([total(scales[i]) for i in sorted(scales)]).cpu() if scales else torch.zeros(0)}
    outs = _flatten(last) or []
    if all(_type(o) is _Tensor for o in outs):
        res["n_out"] = _len(outs)
        return _send_outputs(args, res, last_snap if last_snap is not None else outs, tensors)
    res["n_out"] = 0
    return res, tensors


def _timed_indices(method: str, args: dict) -> list[int]:
    """prepare() indices of the timed (fingerprinted) trials, so a cached reference can replay them."""
    warmup, trials = int(args.get("warmup", 0)), int(args.get("trials", 0))
    if method == "calibrated":
        first = timing.calibrated_first_trial(warmup)
        return [first + i for i in range(trials)]
    if method == "kernelbench":
        return [warmup + i for i in range(trials)]
    if method == "single_shot":
        return [1]
    return list(args["indices"])


def _calls(method: str, args: dict) -> int:
    warmup, trials = int(args.get("warmup", 0)), int(args.get("trials", 0))
    if method == "calibrated":
        return 3 + trials  # at least: retries only add calls
    if method == "kernelbench":
        return warmup + trials
    if method == "single_shot":
        return 2
    return _len(args["indices"])


def op_compile(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Compile recorded launch specs of a loaded candidate for a GPU target (compile worker only)."""
    return compile_check.compile_specs(_module(args["key"]), args["specs"], int(args["arch"])), {}


HANDLERS = {"load": op_load, "reset": op_reset, "run": op_run, "time": op_time, "compile": op_compile,
            **device_compare.HANDLERS}

def _preload_lazy_patches() -> None:
    """Entering a TorchDispatchMode imports torch._dynamo, which rewraps torch.manual_seed & co. Do it
    now, before the worker's integrity snapshot, or every candidate worker would look tampered with."""
    torch.cuda.device_count()  # caches torch.cuda._cached_device_count
    argv = sys.argv
    if "--role" in argv and argv[argv.index("--role") + 1] == "candidate":
        importlib.import_module("torch._dynamo")


_preload_lazy_patches()
# Installed now, before any candidate module exists in this process; the worker's integrity snapshot
# (taken after this import) then also covers these objects, and INTEGRITY_CHECK the state changed in place.
INTEGRITY_MODULES = watch.install_hooks() + watch.install_host_read_counters() + watch.install_thread_counter() + [
    sys.modules[__name__], watch, watch._Launches, watch._ComputeWatch, watch._Paused, launch_spec,
    output_checks, compile_check, timing, device_compare]


def INTEGRITY_CHECK() -> list[str]:
    """Harness state a candidate could change in place (the snapshot compares ids only)."""
    return [] if _pause_clean() else ["watch._PAUSE"]
