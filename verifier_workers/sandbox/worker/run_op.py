"""The `run` op of a sandbox worker: build a model and inputs from seeds, move the model's constant parameters
off their init values (perturb.py) and every float parameter by a weight update before each call (weight_update.py),
call the forward once per grad mode, each later call on inputs of which a share changed (build.later_inputs; the
reference picks the share, the candidate follows), and return every call's outputs, for the supervisor to compare
with the reference's on the same inputs (the verdict is never computed here).

For a candidate (`check`) the runtime anti-cheat applies around every forward: the launch hook (launches.py) and
the compute watch (watch.py), checks on the inputs (unchanged), the outputs (plain tensors, right device, no storage
shared with the inputs, each other or an earlier forward's outputs: output_checks.py), the constructor's compute,
threads, profile/trace hooks, the watch's pause state, the Python state a forward writes outside the model
(python_state.py) and the buffers its first call leaves (buffer_updates.py). The reference's run reports what its
constructor computes, whether it mutates its own inputs and the buffers its first call changes.
"""
from __future__ import annotations

import builtins
import gc
import sys
import threading
from typing import Any

import torch

from tritonrl.verifier_workers.sandbox.worker import buffer_updates, device_compare, tf32_operands, watch
from tritonrl.verifier_workers.sandbox.worker.autotune_check import CONFIG_CHECK
from tritonrl.verifier_workers.sandbox.worker.device_kernels import DeviceKernels
from tritonrl.verifier_workers.sandbox.worker.build import DTYPES, call_seed, jittered, later_inputs, make_inputs, make_model
from tritonrl.verifier_workers.sandbox.worker.launches import LAUNCHES, thread_starts
from tritonrl.verifier_workers.sandbox.worker.loader import LOW_PRECISION, OP_TOTAL, STATE, loaded_module
from tritonrl.verifier_workers.sandbox.worker.output_checks import check_outputs, flatten, same, storages
from tritonrl.verifier_workers.sandbox.worker.perturb import model_tensors, perturb_candidate, perturb_reference
from tritonrl.verifier_workers.sandbox.worker.provenance import storage_ptr
from tritonrl.verifier_workers.sandbox.worker.python_state import PythonState
from tritonrl.verifier_workers.sandbox.worker.state_poison import StateGuard
from tritonrl.verifier_workers.sandbox.worker.task_moves import OpNames
from tritonrl.verifier_workers.sandbox.worker.weight_update import update_candidate, update_reference
from tritonrl.verifier_workers.sandbox.worker.watch import (HOST_READ_OUTPUT_SHARE, SCALAR_READS_PER_FORWARD, ComputeWatch,
                                                           NoWatch, pause_clean)

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _isinstance, _len = builtins.type, builtins.isinstance, builtins.len
_active_count = threading.active_count
_getprofile, _gettrace, _setprofile, _settrace = sys.getprofile, sys.gettrace, sys.setprofile, sys.settrace
_gc_disable, _gc_enable, _gc_isenabled = gc.disable, gc.enable, gc.isenabled
_no_grad, _enable_grad = torch.no_grad, torch.enable_grad
_Tensor = torch.Tensor
_cuda_sync = torch.cuda.synchronize
_current_stream = torch.cuda.current_stream


class GcOff:
    """Automatic garbage collection off while a candidate's objects are live: a collection can run a
    finalizer (`__del__`) at any allocation, i.e. in the harness's own code, outside the compute watch."""

    def __enter__(self):
        self.was = _gc_isenabled()
        _gc_disable()

    def __exit__(self, *exc):
        if self.was:
            _gc_enable()


def snapshot_outputs(outs: list | None) -> list | None:
    """Private copies of a candidate's outputs, taken as soon as its forward has returned (and the device
    synced): code of the candidate that runs later (a finalizer when its objects are freed) cannot change
    what is compared."""
    if outs is None or not all(_type(o) is _Tensor for o in outs):
        return None
    return [o.detach().clone() for o in outs]


def _forward(model, inputs: list, device: str, grad_mode: str, watch: bool, check: bool,
             record_specs: bool = False, unwatched: bool = False, dtypes=(), task_moves=()) -> tuple[Any, dict]:
    """One forward with the launch hook (and, for candidates, the compute watch and input checks; for the
    reference, which of task_moves.REF_MOVES it performs on its data). `dtypes`: the task's float dtypes besides its inputs'
    (a dtype variant's, the reference's reduced precisions); `task_moves`: the reference's data movement,
    compute when the candidate's aten does it."""
    # a copy of the inputs (the reference's too: whether it mutates them decides the candidate's check)
    snapshot = [x.clone() if _isinstance(x, _Tensor) else None for x in inputs]
    clean = pause_clean()  # the compute watch's pause state, which candidate code can reach
    threads_before, starts_before = _active_count(), thread_starts()
    stream = _current_stream().cuda_stream if device == "cuda" else None
    LAUNCHES.begin(stream, record_specs)
    grad_ctx = _no_grad() if grad_mode == "no_grad" else _enable_grad()
    # the task's float dtypes: a conversion that rounds to one of them is not compute (value_ops.py)
    task_dtypes = {x.dtype for x in inputs if _isinstance(x, _Tensor) and x.is_floating_point()} | set(dtypes)
    mode = (ComputeWatch(SCALAR_READS_PER_FORWARD, task_dtypes, task_moves) if watch
            else OpNames(list(inputs) + [t for _, _, t in model_tensors(model)], lambda: not pause_clean()) if not check
            else NoWatch())
    if watch:  # memory the forward did not allocate through torch and may not count as launch-made
        mode.writes.foreign = {storage_ptr(t) for t in list(inputs) + [t for _, _, t in model_tensors(model)]
                               if _isinstance(t, _Tensor)}
    # on a GPU, the kernels that really ran: a second opinion beside the watch (device_kernels.py)
    kernels = DeviceKernels() if check and device == "cuda" else NoWatch()
    try:
        with kernels:
            with grad_ctx, tf32_operands.forward_mode(check), mode:
                out = model(*inputs)
            if device == "cuda":
                _cuda_sync()
        if watch:  # every output made by this forward's launches (provenance.py, R8A_10)
            made_elsewhere = mode.writes.host_outputs(flatten(out))
            if made_elsewhere:
                mode.ops["host_output"] = made_elsewhere
        snap = snapshot_outputs(flatten(out)) if check else None
    finally:
        launches = LAUNCHES.end()
        specs = LAUNCHES.specs or []
        clean = clean and pause_clean() and not getattr(mode, "tampered", False)
    ops = dict(mode.ops)
    device_ops = {}
    if getattr(kernels, "ok", False):
        device_ops = kernels.foreign(launches["names"])
        if watch and unwatched:
            device_ops.update(kernels.unwatched(mode.seen))
    ops.update(device_ops)
    if watch and "host_scalar_reads" not in ops:
        out_bytes = sum(t.numel() * t.element_size() for t in flatten(out) or [] if _type(t) is _Tensor)
        if mode.scalar_reads > max(8, out_bytes // HOST_READ_OUTPUT_SHARE):
            ops["host_scalar_reads"] = mode.scalar_reads
    info: dict[str, Any] = {"launches": launches["count"], "stray_writes": launches["stray_writes"],
                            "tf32_dots": launches.get("tf32_dots", 0),
                            "stray_reads": launches["stray_reads"], "specs": specs, "violations": [], "snapshot": snap,
                            "extents": list(LAUNCHES.extents),
                            "compute_ops": ops,
                            "low_precision": getattr(mode, "low_precision", 0) + launches["low_precision"],
                            "device_kernels": getattr(kernels, "ok", None),
                            "forward_ops": sorted(getattr(mode, "names", ()))}
    if check and not clean:
        info["violations"].append("runtime_patch")
    info["mutated"] = any(s is not None and not same(x, s) for x, s in zip(inputs, snapshot))
    if check and info["mutated"]:
        info["violations"].append("input_mutation")
    if check:
        if launches["count"] == 0:
            info["violations"].append("no_triton_launch")
        if launches["bad_stream"]:
            info["violations"].append("side_stream")
        if launches.get("race"):  # a result that depends on program order (interpreter_races.py)
            info["violations"].append("race")
        if launches.get("false_hints"):  # a compiler hint the annotated values contradict (interpreter_races.py)
            info["violations"].append("false_hint")
        if launches.get("stray_stores") and LAUNCHES.strict_stores:  # a GPU writes other memory there
            info["violations"].append("stray_store")
            ops.update({f"stray_store:{k}": 1 for k in launches["stray_stores"]})
        if launches.get("host_calls"):  # candidate Python inside a kernel (interpreter_calls.py)
            info["violations"].append("kernel_host_call")
        if launches["bad_thread"] or _active_count() > threads_before or thread_starts() > starts_before:
            info["violations"].append("threads")
        if mode.ops or device_ops:
            info["violations"].append("torch_compute_runtime")
        if _getprofile() is not None or _gettrace() is not None:  # a hook that runs after the watch closes
            info["violations"].append("runtime_patch")
            _setprofile(None)
            _settrace(None)
    return out, info


def op_run(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Build inputs and a model from seeds, run the forward under each grad mode, return outputs (a
    candidate's as copied right after its first forward, with automatic garbage collection off)."""
    tf32_operands.STATE.on = bool(args.get("tf32_operands"))  # the reference's TF32-world float64 run
    if not args.get("check"):
        return _run(args)
    with GcOff():
        return _run(args)


def _run(args: dict) -> tuple[dict, dict]:
    """op_run's body.

    args: module, ref, cls, seed, init_seed, device, dtype, scale, grad_modes (one call each), resample (the
    share of the inputs a later call changes), init_factors/init_ints/init_zero_kept/init_tensors (init inputs
    moved: build.vary_init), input_factors/input_ints/redraw_constant (forward values moved: value_moves.py),
    check, record_specs, on_device (generate inputs on the device),
    keep (reference: hold outputs on the device under this slot instead of sending them), export (candidate:
    send CUDA IPC handles instead of the outputs); a candidate's run also gets the reference's reply's
    call_shares (the shares its later calls used), ref_params (its perturbed constant parameters) and
    ref_buffer_updates (the buffers its first call changed: buffer_updates.py).
    The reply's outputs are n_out per call, n_calls calls one after the other."""
    mod, ref = loaded_module(args["module"]), loaded_module(args["ref"])
    device, dtype = args["device"], DTYPES.get(args.get("dtype") or "")
    check, on_device = bool(args.get("check")), bool(args.get("on_device"))
    # interpreter: every autotune config runs at these sizes and must agree (autotune_check.py)
    if CONFIG_CHECK.get("module") != args["module"]:
        CONFIG_CHECK["module"], CONFIG_CHECK["done"], CONFIG_CHECK["seen"] = args["module"], set(), set()
    CONFIG_CHECK["on"] = check and bool(args.get("check_configs"))
    CONFIG_CHECK["only_new"] = args.get("check_configs") == "new"  # configs not compared yet (other sizes)
    LAUNCHES.stray_fill = float(args.get("stray_fill") or 0.0)  # what loads outside the tensors read (interpreter)
    # a store outside the tensors is refused (stray_store), except where missing masks are forgiven (tiny sizes)
    LAUNCHES.strict_stores = bool(args.get("strict_stores"))
    # the model first: while its constructor runs, no inputs exist in this process to precompute from
    init_ops: dict[str, int] = {}
    model = make_model(mod, args["cls"], ref, args["init_seed"], device, dtype, init_ops,
                       args.get("init_factors"), args.get("init_ints"), args.get("init_zero_kept"),
                       bool(args.get("init_tensors")))
    # constant parameters (norm weights and biases) moved off their init values, the same on both sides
    if check:
        unperturbed = perturb_candidate(model, args["init_seed"], args.get("ref_params") or [])
    else:
        ref_params = perturb_reference(model, args["init_seed"])
    # and every float parameter moved by a weight update, as training moves it, before each call (weight_update.py)
    updates: list = []  # the reference's entries per call (the candidate's run gets them)
    moved_buffers = [] if check else [p["name"] for p in ref_params if p.get("buffer")]
    _weight_update(model, mod, args, 0, updates, moved_buffers)
    inputs = make_inputs(ref, args["seed"], device, dtype, float(args.get("scale", 1.0)), on_device,
                         bool(args.get("mix")), args.get("input_factors"), bool(args.get("redraw_constant")),
                         bool(args.get("input_ints")))
    if args.get("jitter"):  # the float64 reference run that measures the task's conditioning (precision.py)
        inputs = jittered(inputs, args["seed"], args)
    if not check and not any(_isinstance(x, _Tensor) for x in inputs):
        raise TypeError("get_inputs() returned no tensors")
    if dtype is not None and not any(_isinstance(x, _Tensor) and x.dtype == dtype for x in inputs):
        return {"skipped": "no float32 inputs to cast"}, {}
    result: dict[str, Any] = {"launches": {}, "violations": [], "compute_ops": {}, "specs": [], "stray_writes": 0,
                              "stray_reads": 0, "extents": [], "tf32_dots": 0}
    total, init_low = init_ops.pop(OP_TOTAL, 0), init_ops.pop(LOW_PRECISION, 0)
    if not check:  # the reference: what its constructor computes, which the candidate's may do too
        result["init_ops"] = sorted({op.removeprefix("import:") for op in init_ops})
        result["init_total"] = total
        result["ref_params"] = ref_params
        result["weight_updates"] = updates
    else:
        result["unperturbed"] = unperturbed  # the reference's perturbed parameters the candidate holds nowhere
    if check and args.get("ref_init_ops") is not None:
        allowed = watch.INIT_ATEN | set(args["ref_init_ops"])
        extra = sorted(op for op in init_ops if op.removeprefix("import:") not in allowed)
        budget = max(watch.CONSTRUCTOR_OPS, 2 * int(args.get("ref_init_total") or 0))
        if total > budget:  # piece by piece, any op builds a table of the task's function
            extra.append("construction_ops")
            init_ops["construction_ops"] = total
        if extra:  # same seed, same weights: a constructor could compute any function of them
            result["violations"].append("init_compute")
            result["compute_ops"].update({f"__init__:{op}": init_ops[op] for op in extra})
    low_ok = dtype is not None or _low_precision_task(inputs, bool(args.get("ref_low_precision")))
    # float dtypes a conversion may round to besides the inputs' (value_ops.conversion_op)
    task_dtypes = ({dtype} if dtype is not None else set()) | (
        {torch.float16, torch.bfloat16} if args.get("ref_low_precision") else set())
    first, first_snap, earlier, kept = None, None, list(STATE["outs"]) if check else [], []
    snaps: list = []  # the outputs of each call, copied as it returned (a later call rewrites the inputs)
    first_inputs, shares, mutated = inputs, [], False
    # what the candidate keeps between calls (model and module globals, any dtype) is destroyed before the next
    guard = StateGuard(model, mod) if check else None
    python_state = PythonState(mod) if check else None  # Python values a forward writes outside the model
    buffers_before = None if check else buffer_updates.snapshot(model)  # the reference's, before its first call
    if guard is not None:  # tensors in module state no instance owns: shared across instances and variants
        _module_state(guard, result)
    for call, grad_mode in enumerate(args.get("grad_modes") or ["no_grad"]):
        try:
            if call:
                if guard is not None and not args.get("keep_state"):  # (kept: a variant for the stale check)
                    guard.poison()
                _weight_update(model, mod, args, call, updates, moved_buffers)
                if guard is not None:  # the update is the harness's write, not the candidate's state
                    guard.rerecord()
                share = _call_share(args, call)
                if check:
                    inputs = _later_inputs(ref, inputs, args, call, share)
                    out, info = _forward(model, inputs, device, grad_mode, watch=True, check=True,
                                         record_specs=bool(args.get("record_specs")),
                                         unwatched=bool(args.get("unwatched_kernels")), dtypes=task_dtypes,
                                         task_moves=args.get("ref_forward_ops") or ())
                else:
                    inputs, out, info, share = _reference_later_call(model, ref, inputs, args, call, grad_mode,
                                                                     share, snaps[0])
                shares.append(share)
            else:
                out, info = _forward(model, inputs, device, grad_mode, watch=check, check=check,
                                     record_specs=bool(args.get("record_specs")),
                                     unwatched=bool(args.get("unwatched_kernels")), dtypes=task_dtypes,
                                     task_moves=args.get("ref_forward_ops") or ())
                if not check:  # the reference's data movement (task_moves.REF_MOVES), which the candidate's is judged by
                    result["forward_ops"] = info["forward_ops"]
                buffer_updates.after_first_call(model, buffers_before, args, result, info)
        except Exception as e:
            if guard is not None:  # what the failed call kept must not reach the next run either
                guard.poison()
            if not args.get("capture_errors"):
                raise
            msg = " ".join(f"{type(e).__name__}: {e}".split())
            return {**result, "run_error": msg[:500], "error_type": type(e).__name__,
                    "launches_before_error": LAUNCHES.count, "calls_before_error": call,
                    "stray_writes": result["stray_writes"] + LAUNCHES.stray_writes,
                    "stray_reads": result["stray_reads"] + LAUNCHES.stray_reads,
                    "specs": LAUNCHES.specs or [], "n_out": 0}, {}
        mutated = mutated or info["mutated"]
        if guard is not None:
            _module_state(guard, result)
            _python_writes(python_state, result)
        if info.get("device_kernels") is False:  # a GPU forward the profiler could not watch
            result["device_kernels_unchecked"] = result.get("device_kernels_unchecked", 0) + 1
        result["launches"][grad_mode] = info["launches"]
        result["stray_writes"] += info["stray_writes"]
        result["stray_reads"] += info["stray_reads"]
        result["tf32_dots"] += info["tf32_dots"]  # (interpreter) the precision measure's TF32 allowance
        result["specs"] += [sp for sp in info["specs"] if sp not in result["specs"]]  # every call's launches compile
        result["extents"] += [e for e in info["extents"] if e not in result["extents"]]  # (funnel/launch_extents.py)
        for op, n in info["compute_ops"].items():
            result["compute_ops"][op] = result["compute_ops"].get(op, 0) + n
        if check:  # a later forward must not return storage of an earlier one's outputs (kept alive)
            outs_now = [o for o in flatten(out) or [] if _type(o) is _Tensor]
            if storages(outs_now) & storages(earlier + kept):
                info["violations"].append("output_alias")
            elif storages(outs_now) & storages(guard.tensors()):  # a buffer it holds
                info["violations"].append("output_alias")
            kept += outs_now
        if check and (info["low_precision"] or init_low) and not low_ok:
            info["violations"].append("precision_downgrade")
        for v in info["violations"]:
            if v not in result["violations"]:
                result["violations"].append(v)
        if first is None:
            first, first_snap = out, info["snapshot"]
        snaps.append(info["snapshot"] if check else _reference_copies(out))
    if guard is not None:  # the next run (another variant, a new instance) must not replay this one's calls
        guard.poison()
    result["call_shares"] = shares  # what the later calls changed (the candidate's run follows the reference's)
    if check:
        STATE["outs"] = kept
    if not check:  # the reference: tell the supervisor whether it mutates its own inputs
        result["mutates_inputs"] = mutated
        result["low_precision"] = _reference_low_precision(model, first_inputs, snaps[0] if snaps else None)
    outs = flatten(first)
    out_violations = check_outputs(outs, first_inputs, device) if check else []
    if not check and (outs is None or not all(_type(o) is _Tensor for o in outs)):
        raise TypeError("reference forward did not return a tensor or a tuple of tensors")
    for v in out_violations:
        if v not in result["violations"]:
            result["violations"].append(v)
    if "output_not_tensor" in out_violations or "output_subclass" in out_violations:
        return {**result, "n_out": 0}, {}
    if not check:  # a variant of the inputs outside the task's domain (NaN, inf) is skipped, not judged
        result["nonfinite"] = not all(_finite(x) for x in snaps)
    result["n_out"] = _len(outs)
    send = first_snap if first_snap is not None else outs
    if _len(snaps) > 1:  # every call is compared with the reference's on its inputs (a replayed answer is not right)
        if all(x is not None and _len(x) == _len(send) for x in snaps):
            send, result["n_calls"] = [t for x in snaps for t in x], _len(snaps)
        elif check:
            result["calls_differ"] = True
        else:
            raise TypeError("the reference's forward calls returned different numbers of outputs")
    return send_outputs(args, result, send, {})


def _weight_update(model, mod, args: dict, call: int, updates: list, buffers: list) -> None:
    """The weight update before forward call `call` (weight_update.py). The reference applies it (to its parameters
    and the perturbed `buffers`) and appends its entries to `updates`; the candidate follows the reference's entries
    of that call. In the float64 run of an fp32 task the updated weights are rounded to fp32, as the fp32 run's are."""
    round_fp32 = args.get("dtype") == "float64"
    if not args.get("check"):
        updates.append(update_reference(model, round_fp32, buffers))
        return
    entries = args.get("weight_updates") or []
    update_candidate(model, mod, entries[call] if call < _len(entries) else [], round_fp32)


def _python_writes(state: PythonState, result: dict) -> None:
    """`output_cache` when a forward wrote Python state outside the model instance (a class attribute, a
    module-level object: python_state.py), named in the ops."""
    names = state.writes()
    if names and "output_cache" not in result["violations"]:
        result["violations"].append("output_cache")
    for name in names[:3]:
        result["compute_ops"][f"python_state:{name}"] = 1


def _module_state(guard: StateGuard, result: dict) -> None:
    """`output_cache` when a tensor that no model instance owns is reachable from the candidate's module
    (a bank in a module-level object, a cache's dict: state_poison.StateGuard.module_state), named in the ops."""
    names = guard.module_state()
    if names and "output_cache" not in result["violations"]:
        result["violations"].append("output_cache")
    for name in names[:3]:
        result["compute_ops"][f"module_state:{name}"] = 1


def _call_share(args: dict, call: int) -> float:
    """The share of the inputs a later call changes: the reference's choice (passed to the candidate's run),
    else the variant's."""
    shares = args.get("call_shares") or []
    return float(shares[call - 1]) if call - 1 < _len(shares) else float(args.get("resample", 1.0))


def _later_inputs(ref, inputs: list, args: dict, call: int, share: float) -> list:
    new = later_inputs(ref, inputs, args["seed"], call, args["device"], DTYPES.get(args.get("dtype") or ""),
                       float(args.get("scale", 1.0)), bool(args.get("on_device")), bool(args.get("mix")), share,
                       bool(args.get("swap_later")), args.get("input_factors"), bool(args.get("redraw_constant")),
                       bool(args.get("input_ints")))
    return jittered(new, call_seed(args["seed"], call), args) if args.get("jitter") else new


def _finite(outs: list | None) -> bool:
    return all(not o.is_floating_point() or bool(torch.isfinite(o).all()) for o in outs or [])


def _reference_copies(out) -> list | None:
    """Copies of a reference call's outputs: they may view its inputs, which the next call rewrites."""
    outs = flatten(out)
    if outs is None or not all(_type(o) is _Tensor for o in outs):
        return None
    return [o.detach().clone() for o in outs]


def _reference_later_call(model, ref, inputs: list, args: dict, call: int, grad_mode: str, share: float,
                          first_outs: list | None) -> tuple[list, Any, dict, float]:
    """A later call of the reference on its inputs (later_inputs). Where the reference cannot take inputs of
    which only a share changed (it raises, or its output turns non-finite: a positive-definite or sorted input
    whose structure a sparse change breaks), the call takes a fresh draw whole (share 1), and so does the
    candidate's. Returns the inputs, the output, _forward's info and the share used."""
    finite = first_outs is not None and _finite(first_outs)
    if share < 1:
        try:
            inputs = _later_inputs(ref, inputs, args, call, share)
            out, info = _forward(model, inputs, args["device"], grad_mode, watch=False, check=False)
            if not finite or _finite(flatten(out)):
                return inputs, out, info, share
        except Exception:
            pass
    inputs = _later_inputs(ref, inputs, args, call, 1.0)
    out, info = _forward(model, inputs, args["device"], grad_mode, watch=False, check=False)
    return inputs, out, info, 1.0


def _low_precision_task(inputs: list, ref_low: bool) -> bool:
    """Does the task itself use fp16/bf16/fp8: its inputs, or (`ref_low`, from the supervisor) the reference's
    parameters, buffers and outputs or a dtype its trusted source names (static/ref_precision.py: a dtype, not
    the word "half")? Not the candidate's own weights: it could add a half one to pass."""
    return ref_low or any(_isinstance(x, _Tensor) and x.dtype in watch.LOW_PRECISION_DTYPES for x in inputs)


def _reference_low_precision(model, inputs: list, outs: list | None) -> bool:
    """Whether the reference's own tensors (inputs, parameters, buffers, tensor attributes, first outputs) hold
    a reduced float precision: the task's precision, read from what it computes with rather than its text."""
    tensors = [x for x in inputs if _isinstance(x, _Tensor)] + [t for _, _, t in model_tensors(model)]
    tensors += [o for o in outs or [] if _isinstance(o, _Tensor)]
    return any(t.dtype in watch.LOW_PRECISION_DTYPES for t in tensors)


def send_outputs(args: dict, result: dict, outs: list, tensors: dict) -> tuple[dict, dict]:
    """Outputs go back as tensors, or stay on the device (keep / export: see device_compare.py)."""
    if args.get("keep"):
        device_compare.keep(args["keep"], outs)
        result["out_dtypes"] = [device_compare.dtype_name(o) for o in outs]
    elif args.get("export"):
        result["handles"] = device_compare.export(outs)
    else:
        tensors.update({f"out_{i}": o.detach() for i, o in enumerate(outs)})
    return result, tensors
