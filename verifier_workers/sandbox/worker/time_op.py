"""The `time` op of a sandbox worker: time a model's forward (timing.py's methods) with fresh inputs per
trial, and fingerprint every timed trial's output, so the supervisor can tell that the timed runs computed
what the checked run did. A candidate is timed under the same runtime anti-cheat as in run_op.py.
"""
from __future__ import annotations

import builtins
import threading
from typing import Any

import torch

from tritonrl.verifier_workers.sandbox.worker import timing
from tritonrl.verifier_workers.sandbox.worker.build import DTYPES, make_inputs, make_model
from tritonrl.verifier_workers.sandbox.worker.launches import LAUNCHES, thread_starts
from tritonrl.verifier_workers.sandbox.worker.loader import loaded_module
from tritonrl.verifier_workers.sandbox.worker.output_checks import check_outputs, flatten
from tritonrl.verifier_workers.sandbox.worker.run_op import GcOff, send_outputs, snapshot_outputs
from tritonrl.verifier_workers.sandbox.worker.watch import ComputeWatch, NoWatch, Paused, pause_clean

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _isinstance, _len = builtins.type, builtins.isinstance, builtins.len
_active_count = threading.active_count
_no_grad = torch.no_grad
_Tensor = torch.Tensor
_cuda_sync = torch.cuda.synchronize
_dot = torch.dot
_current_stream = torch.cuda.current_stream


def _fingerprint_weights(outs: list, seed: int, device: str) -> list[torch.Tensor]:
    """Random weights of the outputs' shapes, from `seed`: an output's fingerprint is its dot with them."""
    gen = torch.Generator(device=device)
    gen.manual_seed(seed)
    return [torch.rand(o.shape, generator=gen, device=device, dtype=torch.float32) for o in outs]


def op_time(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Time the forward: see _time. A candidate's last output is copied as soon as the timing returns, with
    automatic garbage collection off meanwhile (see op_run)."""
    if not args.get("check"):
        return _time(args)
    with GcOff():
        return _time(args)


def _time(args: dict) -> tuple[dict, dict]:
    """Time the forward (GPU) with fresh inputs per trial and fingerprint every timed trial's output.

    args: module, ref, cls, seed, init_seed, device, dtype, method (calibrated|single_shot|kernelbench|
    none), warmup, trials, flush_bytes, check, fp_seed, indices (method none: prepare indices to fingerprint)."""
    mod, ref = loaded_module(args["module"]), loaded_module(args["ref"])
    device, dtype = args["device"], DTYPES.get(args.get("dtype") or "")
    check, seed = bool(args.get("check")), int(args["seed"])
    model = make_model(mod, args["cls"], ref, args["init_seed"], device, dtype)
    # fresh inputs per trial, generated on the device when get_inputs allows it (cheap, no host copy)
    probe = make_inputs(ref, seed, device, dtype, 1.0, on_device=True)
    on_device = all(x.device.type == device for x in probe if _isinstance(x, _Tensor))
    del probe

    def prepare(i: int):
        with Paused():
            return make_inputs(ref, seed + 1 + i, device, dtype, 1.0, on_device=on_device)

    weights: list[torch.Tensor] = []
    fps: dict[int, torch.Tensor] = {}  # by trial: a re-run batch (timer retry) overwrites, never appends
    scales: dict[int, torch.Tensor] = {}

    def after(i: int, out: Any) -> None:
        if i < 0:
            return
        with Paused():
            outs = flatten(out) or []
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
    threads_before, starts_before = _active_count(), thread_starts()
    LAUNCHES.begin(stream)
    mode = ComputeWatch() if check else NoWatch()
    method = args["method"]
    clean = pause_clean()
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
        last_snap = snapshot_outputs(flatten(res["last"])) if check else None
    finally:
        launches = LAUNCHES.end()
        clean = clean and pause_clean() and not getattr(mode, "tampered", False)
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
        if launches["bad_thread"] or _active_count() > threads_before or thread_starts() > starts_before:
            violations.append("threads")
        if mode.ops:
            violations.append("torch_compute_runtime")
        if not clean:
            violations.append("runtime_patch")
        violations += check_outputs(flatten(last), [], device)
    res["violations"], res["compute_ops"] = violations, dict(mode.ops)
    res["weight_sum"] = float(sum(float(w.sum()) for w in weights))
    tensors = {"fp": torch.stack([total(fps[i]) for i in sorted(fps)]).cpu() if fps else torch.zeros(0),
               "fp_scale": torch.stack([total(scales[i]) for i in sorted(scales)]).cpu() if scales else torch.zeros(0)}
    outs = flatten(last) or []
    if all(_type(o) is _Tensor for o in outs):
        res["n_out"] = _len(outs)
        return send_outputs(args, res, last_snap if last_snap is not None else outs, tensors)
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
