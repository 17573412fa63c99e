"""Output comparison on the GPU, inside the trusted reference worker.

Why: copying each output device -> host -> pipe -> supervisor and comparing it on the CPU dominated a GPU
verdict (about 15 s for a 4096x8192 elementwise kernel checked on five input variants). On the GPU path the
reference worker keeps its outputs on the device, the candidate worker exports its outputs as CUDA IPC handles
(torch.multiprocessing's mechanism, carried as JSON, never pickle), and the reference worker compares in
place. The candidate's process still never sees the reference outputs nor the comparison: it only hands over
handles to memory it owns, which is no more power than choosing its outputs.

Both halves run in sandbox workers (harness.py registers the ops): `keep`/`op_compare` in the reference
worker, `export` in the candidate worker.
"""
from __future__ import annotations

import base64
from collections import OrderedDict
from typing import Any

import torch
from torch.multiprocessing.reductions import rebuild_cuda_tensor, reduce_tensor

from tritonrl.config import ToleranceConfig
from tritonrl.verifier_workers.sandbox import precision
from tritonrl.verifier_workers.sandbox.compare import compare_calls, compare_outputs

KEPT_BYTES = 8 << 30  # reference outputs held per worker; least recently used slots go first
KEPT_SHARE = 0.25  # ... and at most this share of the worker's memory cap: comparing needs room too
_LIMIT = {"bytes": KEPT_BYTES}
_KEPT: OrderedDict[str, list[torch.Tensor]] = OrderedDict()
_EXPORTED: list[torch.Tensor] = []  # candidate outputs whose handles are out: alive until the next export
_DTYPES = {str(d).removeprefix("torch."): d for d in (
    torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.int8, torch.int16, torch.int32,
    torch.int64, torch.uint8, torch.bool)}


def dtype_name(t: torch.Tensor) -> str:
    return str(t.dtype).removeprefix("torch.")


def set_memory_cap(cap_bytes: int) -> None:
    """The worker's GPU memory cap (its per-process fraction): kept outputs stay within KEPT_SHARE of it."""
    _LIMIT["bytes"] = min(KEPT_BYTES, int(KEPT_SHARE * cap_bytes))


def keep(slot: str, outs: list[torch.Tensor]) -> None:
    """Hold a reference run's outputs on the device under `slot`."""
    _KEPT[slot] = [o.detach() for o in outs]
    _KEPT.move_to_end(slot)
    total = sum(o.numel() * o.element_size() for v in _KEPT.values() for o in v)
    while total > _LIMIT["bytes"] and len(_KEPT) > 1:
        _, old = _KEPT.popitem(last=False)
        total -= sum(o.numel() * o.element_size() for o in old)


def memory_report() -> str:
    """One line: what this worker holds on the GPU (an out-of-memory comparison is the verifier's failure,
    reported as such; this says whose memory it was)."""
    kept = sum(o.numel() * o.element_size() for v in _KEPT.values() for o in v)
    return (f"reference worker: {torch.cuda.memory_allocated() >> 20} MiB allocated, "
            f"{torch.cuda.memory_reserved() >> 20} MiB reserved, {kept >> 20} MiB in {len(_KEPT)} kept slots, "
            f"kept at most {_LIMIT['bytes'] >> 20} MiB")


def forget() -> None:
    _KEPT.clear()
    _EXPORTED.clear()


def _b64(b: bytes | None) -> str | None:
    return None if b is None else base64.b64encode(b).decode()


def export(outs: list[torch.Tensor]) -> list[dict[str, Any]]:
    """CUDA IPC handles of a candidate's outputs, as JSON-able dicts. The tensors stay alive here until the
    next export (the worker is idle between its reply and the supervisor's next request)."""
    _EXPORTED[:] = [o.detach() for o in outs]
    handles = []
    for t in _EXPORTED:
        if t.numel() == 0:
            handles.append({"empty": True, "size": list(t.shape), "dtype": dtype_name(t)})
            continue
        _, a = reduce_tensor(t)
        (_cls, size, stride, offset, _scls, _dt, device, handle, nbytes, sbytes, _rg, rc_handle, rc_offset,
         ev_handle, ev_sync) = a
        handles.append({"size": list(size), "stride": list(stride), "offset": int(offset), "dtype": dtype_name(t),
                        "device": int(device), "handle": _b64(handle), "nbytes": int(nbytes),
                        "storage_offset": int(sbytes), "rc_handle": _b64(rc_handle), "rc_offset": int(rc_offset),
                        "event": _b64(ev_handle), "event_sync": bool(ev_sync)})
    return handles


def _ints(x: Any, what: str) -> tuple[int, ...]:
    if not isinstance(x, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in x):
        raise ValueError(f"bad output handle: {what}")
    return tuple(x)


def open_handle(h: dict[str, Any]) -> torch.Tensor:
    """Rebuild a tensor from a handle sent by the candidate worker. Every field is checked: the handle is
    hostile data, and a bad one must fail here with an error, not be trusted."""
    dtype = _DTYPES.get(h.get("dtype"))
    if dtype is None:
        raise ValueError(f"bad output handle: dtype {h.get('dtype')!r}")
    size = _ints(h.get("size"), "size")
    if h.get("empty"):
        if 0 not in size:
            raise ValueError("bad output handle: an empty tensor with no zero dimension")
        return torch.empty(size, dtype=dtype, device="cuda")
    stride = _ints(h.get("stride"), "stride")
    if len(stride) != len(size) or any(s < 0 for s in stride):
        raise ValueError("bad output handle: stride")
    # set_ inside _rebuild_tensor checks the view against the storage's bounds
    return rebuild_cuda_tensor(
        torch.Tensor, torch.Size(size), stride, int(h["offset"]), torch.storage.TypedStorage, dtype,
        int(h["device"]), base64.b64decode(h["handle"]), int(h["nbytes"]), int(h["storage_offset"]), False,
        base64.b64decode(h["rc_handle"]), int(h["rc_offset"]),
        base64.b64decode(h["event"]) if h.get("event") else None, bool(h.get("event_sync")))


def op_compare(args: dict, _tensors: dict) -> tuple[dict, dict]:
    """Reference worker: compare the candidate outputs behind `handles` with the outputs kept as `slot`."""
    ref = _KEPT.get(args["slot"])
    if ref is None:
        return {"missing": True}, {}
    _KEPT.move_to_end(args["slot"])
    handles = args.get("handles")
    if not isinstance(handles, list) or not all(isinstance(h, dict) for h in handles):
        raise ValueError("bad output handles")
    calls = max(1, int(args.get("calls") or 1))  # the outputs of each forward call, one after the other,
    if len(handles) != len(ref):  # in both the kept reference outputs (each call's on its inputs) and the handles
        return {"result": compare_outputs(ref, [None] * len(handles), ToleranceConfig())}, {}
    cand = [open_handle(h) for h in handles]
    tol = ToleranceConfig(**{k: list(v) for k, v in (args.get("tolerances") or {}).items()})
    try:
        try:
            res = compare_calls(ref, cand, calls, tol, bool(args.get("wider_ok")))
        except torch.OutOfMemoryError:  # the worker's own cache of reference outputs is in the way: the
            # comparison is the verifier's job, never the candidate's fault; free everything else, try again
            prec = args.get("precision") or {}
            prec_slots = {prec.get("slot"), *(prec.get("cond_slots") or ())}
            for other in [k for k in _KEPT if k != args["slot"] and k not in prec_slots]:
                del _KEPT[other]
            torch.cuda.empty_cache()
            try:
                res = compare_calls(ref, cand, calls, tol, bool(args.get("wider_ok")))
            except torch.OutOfMemoryError as e:  # say what holds the memory: the verifier's failure to size
                raise torch.OutOfMemoryError(f"{memory_report()}; {str(e).splitlines()[0]}") from None
        prec = args.get("precision")
        ref64 = _KEPT.get(prec["slot"]) if isinstance(prec, dict) else None
        cond = _cond_draws(prec) if isinstance(prec, dict) else None
        if res["passed"] and prec and prec.get("cond_slots") and (ref64 is None or cond is None):
            # judged again after a refusal, with runs evicted meanwhile: the refusal stands, never a pass
            res["precision"] = {"measures": [], "error": "precision_downgrade: refused by the plain measures; the "
                                "float64 runs of the conditioning were evicted before they could be judged"}
        elif res["passed"] and ref64 is not None:  # (a float64 run evicted meanwhile: not measured)
            res["precision"] = precision.check(ref, ref64, cand, int(prec["n_out"]), float(prec["eps"]),
                                               int(prec.get("calls") or 1), bool(prec.get("faithful")), cond)
        return {"result": res}, {}
    finally:
        del cand
        torch.cuda.synchronize()  # done reading the candidate's memory before it may reuse it


def _cond_draws(prec: dict) -> list | None:
    """The jittered float64 runs' outputs (precision.K_COND), where every draw is still kept."""
    draws = [_KEPT.get(s) for s in prec.get("cond_slots") or ()]
    for s in [prec.get("slot"), *(prec.get("cond_slots") or ())]:
        if s in _KEPT:  # read now: the least recently used go first
            _KEPT.move_to_end(s)
    return draws if draws and all(d is not None for d in draws) else None


HANDLERS = {"compare": op_compare}
