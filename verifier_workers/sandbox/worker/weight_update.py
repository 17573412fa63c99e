"""A "weight update" between forward calls, the same in the reference's and the candidate's workers (called by
run_op.py): once after construction and before every later call, every floating-point parameter p becomes

    f_s(p) = GAIN * p + OFFSET * s * cos(FREQ * p / s + 1),   s = RMS of the parameter's values,

as an optimizer step moves weights between the forward calls of training. Why: both models are built from one
seed and nothing moved their random weights, so a kernel could compute with values derived from them once
(a scale folded into a GEMM weight at construction or on the first call and cached in a buffer, in a `.grad`,
in a class attribute keyed on one weight element) or skip a weight whose init is special (an identity matrix):
right as long as the weights never change. A kernel must read the weights it is given.

f is elementwise, so it commutes with any layout a candidate keeps (transposed, reshaped, packed, padded
copies): updating a copy gives the copy of the update. The candidate's worker therefore updates
- each storage whose values are those of one of the reference's parameters, in any order (`fingerprint`):
  with that parameter's s (a renamed or transposed parameter, a buffer or tensor attribute holding a copy);
- each other storage of an nn.Parameter of the candidate's, with the task's scale S as s: the RMS of all the
  reference's parameters' values together (round 9, R9A_04). With its own RMS, f would commute with a
  constant scale (f_{cs}(c p) = c f_s(p)), so a scale folded into the weights at construction (c W held as
  the parameter) stayed right after every update; an optimizer moves a weight by steps of the task's size,
  not by a share of whatever values the candidate keeps. A parameter packing all of the reference's (fused
  q, k, v) has S as its own RMS: it moves as before, within a share of OFFSET of the reference's;
- each other float storage it holds (buffers, tensor attributes, containers, module globals: the state
  poisoner's reach) whose values all come from the storages above, zeros aside (padding): element by element,
  with the s of the storage each value came from (a packed or padded copy).
Values derived from parameters (W * s, a cached inverse norm) match no parameter and are left stale: the
candidate then computes with old weights and fails the comparison, as it should. Of the reference's buffers,
those perturb.py moved (constant at init: running statistics, a constant scale) are updated too, as a new
checkpoint would move them, with |f_s| where all their values are >= 0 (a variance stays positive); masks,
tables and random buffers are left alone.

The reference reports, per update, its parameters' fingerprints and scales (`update_reference`); the
candidate's worker matches them (`update_candidate`). s is per parameter so that a weight of scale 1e-2 moves by
about 5% as one of scale 1 does: the reference's outputs stay finite and of their usual size. In the float64
run of an fp32 task the updated values are rounded to fp32 first, as the fp32 run's are.
"""
from __future__ import annotations

import builtins

import torch

from tritonrl.verifier_workers.sandbox.worker.perturb import model_tensors
from tritonrl.verifier_workers.sandbox.worker.state_poison import reachable_tensors, storage_view

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _isinstance, _len = builtins.type, builtins.isinstance, builtins.len
_Parameter = torch.nn.Parameter
_no_grad = torch.no_grad

GAIN, OFFSET, FREQ = 1.05, 0.05, 3.0


def fingerprint(values: torch.Tensor) -> list[float]:
    """Statistics of a storage's values (float64) that do not depend on their order: the count, the sums of
    v, v^2 and |v|^3, the minimum and the maximum. Equal, up to summation order, for any layout of the same
    values; computed where the values are (a sort of a 64M-element weight on the host cost seconds)."""
    v = values.detach().reshape(-1).to(torch.float64)
    if v.numel() == 0:
        return [0.0] * 6
    return [float(v.numel()), float(v.sum()), float(v.pow(2).sum()), float(v.abs().pow(3).sum()),
            float(v.min()), float(v.max())]


def same_values(a: list[float], b: list[float]) -> bool:
    """Whether two fingerprints describe the same multiset: count, minimum and maximum exactly, the sums to
    a relative 1e-9 (their rounding depends on the order of summation)."""
    if _len(a) != 6 or _len(b) != 6 or a[0] != b[0] or a[4] != b[4] or a[5] != b[5]:
        return False
    return all(abs(x - y) <= 1e-9 * (abs(x) + abs(y)) + 1e-30 for x, y in zip(a[1:4], b[1:4]))


def _scale(values: torch.Tensor) -> float:
    s = float(values.pow(2).mean().sqrt()) if values.numel() else 0.0
    return s if s > 0 and s == s and s != float("inf") else 1.0


def updated(values: torch.Tensor, scale, positive=False) -> torch.Tensor:
    """f_s of float64 `values` (`scale`: a number, or a tensor of per-element scales); |f_s| where `positive`
    (a bool, or a tensor of per-element flags)."""
    out = GAIN * values + OFFSET * scale * torch.cos(FREQ * values / scale + 1.0)
    if _isinstance(positive, torch.Tensor):
        return torch.where(positive, out.abs(), out)
    return out.abs() if positive else out


def task_scale(entries: list[dict]) -> float | None:
    """S: the RMS of the values of all the reference's parameters together (not its buffers), from their
    entries (count and RMS each); None where it has none."""
    n = sum(float(e["key"][0]) for e in entries if not e.get("buffer"))
    if n <= 0:
        return None
    s = (sum(float(e["key"][0]) * float(e["scale"]) ** 2 for e in entries if not e.get("buffer")) / n) ** 0.5
    return s if s > 0 and s == s and s != float("inf") else None


def _write(flat: torch.Tensor, new: torch.Tensor, round_fp32: bool) -> None:
    if round_fp32:
        new = new.to(torch.float32)
    with _no_grad():
        flat.copy_(new.to(flat.dtype))


def _float_storages(tensors) -> dict:
    """storage key -> whole-storage view, for the floating-point tensors among `tensors` (each storage once)."""
    out = {}
    for t in tensors:
        try:
            if not t.is_floating_point():
                continue
        except Exception:
            continue
        got = storage_view(t)
        if got is not None and got[0] not in out:
            out[got[0]] = got[1]
    return out


def update_reference(model, round_fp32: bool = False, buffers=()) -> list[dict]:
    """Apply f to every float parameter of the reference's model and to its buffers named in `buffers` (those
    perturb.py moved), in place; returns the entries (fingerprint and scale of each one's values before this
    update; `buffer`, and `positive` where |f| kept it >= 0) for the candidate's worker."""
    tensors = model_tensors(model)
    params = _float_storages([t for _, kind, t in tensors if kind == "param"])
    bufs = _float_storages([t for n, kind, t in tensors if kind == "buffer" and n in buffers])
    entries = []
    for key, flat in list(params.items()) + [(k, f) for k, f in bufs.items() if k not in params]:
        values = flat.detach().to(torch.float64)
        s = _scale(values)
        entry = {"key": fingerprint(values), "scale": s}
        if key not in params:
            entry.update(buffer=True, positive=bool((values >= 0).all()))
        entries.append(entry)
        _write(flat, updated(values, s, bool(entry.get("positive"))), round_fp32)
    return entries


def update_candidate(model, module, entries: list[dict], round_fp32: bool = False) -> dict:
    """Apply the same update to the candidate's parameters and the copies of them it holds (see the module
    docstring); returns counts: `matched` (by fingerprint), `own` (its other parameters), `copies` (element
    by element) and `stale` (float storages left as they are)."""
    keys = [([float(x) for x in e["key"]], float(e["scale"]), bool(e.get("positive"))) for e in entries or []]
    task_s = task_scale(entries or [])
    params = [t for _, kind, t in model_tensors(model) if kind == "param"]
    param_keys = set(_float_storages(params))
    held = reachable_tensors([model, module.__dict__], module.__name__)
    params += [t for t in held if _type(t) is _Parameter]  # parameters held outside the module tree
    param_keys |= set(_float_storages([t for t in held if _type(t) is _Parameter]))
    counts = {"matched": 0, "own": 0, "copies": 0, "stale": 0}
    sources: list[tuple[torch.Tensor, float, bool]] = []  # values before the update, their scale, |f|
    pending = []
    for key, flat in _float_storages(params + held).items():
        try:
            values = flat.detach().to(torch.float64, copy=True)  # (kept as it was: copies are matched on it)
            fp = fingerprint(values)
            hit = next(((sc, pos) for k, sc, pos in keys if same_values(fp, k)), None)
            if hit is not None:
                (s, positive) = hit
                counts["matched"] += 1
            elif key in param_keys:  # the task's scale, not its own (see the module docstring)
                s, positive = task_s if task_s is not None else _scale(values), False
                counts["own"] += 1
            else:
                pending.append((flat, values))
                continue
            sources.append((values.reshape(-1), s, positive))
            _write(flat, updated(values, s, positive), round_fp32)
        except Exception:  # a storage these ops refuse (meta, an inference tensor): nothing to update
            continue
    for flat, values in pending:
        counts["copies" if _update_copy(flat, values, sources, round_fp32) else "stale"] += 1
    return counts


def _update_copy(flat: torch.Tensor, values: torch.Tensor, sources: list, round_fp32: bool) -> bool:
    """Update `flat` element by element when every non-zero value of it is a value of a source storage (a
    packed, padded or permuted copy of parameters) and it holds at least two distinct such values."""
    if not sources or values.numel() == 0:
        return False
    try:
        pool = torch.cat([v.to(values.device) for v, _, _ in sources])
        pool_s = torch.cat([torch.full_like(v, s, device=values.device) for v, s, _ in sources])
        pool_p = torch.cat([torch.full(v.shape, p, dtype=torch.bool, device=values.device) for v, _, p in sources])
        order = pool.argsort()
        pool, pool_s, pool_p = pool[order], pool_s[order], pool_p[order]
        flat_v = values.reshape(-1)
        idx = torch.searchsorted(pool, flat_v).clamp(max=pool.numel() - 1)
        found = pool[idx] == flat_v
        if not bool((found | (flat_v == 0)).all()) or not bool((found & (flat_v != 0)).any()):
            return False
        if flat_v.numel() > 1 and flat_v[found].unique().numel() < 2:  # a constant scratch buffer is no copy
            return False
        new = torch.where(found, updated(flat_v, pool_s[idx], pool_p[idx]), flat_v)
        _write(flat, new.reshape(flat.shape), round_fp32)
        return True
    except Exception:
        return False
