"""The buffers a reference's forward changes, which a candidate's first forward must leave the same (run_op.py).

Contract: in the reference's run, `snapshot(model)` is taken right before the first forward call (after the
harness's own moves: perturb.py, weight_update.py) and `changed(model, before)` right after it: the float
buffers whose values that call changed, as JSON entries {"name", "shape", "dtype", "values"}; [] when none
changed, or when they hold more than MAX_ELEMENTS values together (too large to send each run: the check is
skipped, and such a task is judged by its outputs alone), or when one is not finite. The supervisor passes the
entries into the candidate's run (`ref_buffer_updates`, as `ref_params` travels), whose worker calls
`missing(model, entries)` right after its first forward: the names of the entries that no float tensor of the
candidate's model (parameter, buffer or tensor attribute, any name, the same number of elements) matches
within TOLERANCE of the entry's dtype, relative to the buffer's RMS and to each value. Only the first call:
the state guard may overwrite what a call changed before the next one (state_poison.py). `after_first_call`
does both sides' part: the reference's entries go into its reply, a candidate's misses are VIOLATION, each
named in the ops as `buffer:NAME`.

Why: a module's observable behaviour includes the state its forward changes. BatchNorm in training mode
normalises with batch statistics and updates running_mean/running_var (momentum, unbiased variance); a kernel
that skips the update matches every output and leaves a trained model to evaluate with stale statistics
(round 10, R10B_10). The reference's and the candidate's buffers hold the same values before the call (both
are built from one seed, perturbed and updated alike), so the values after it must agree too. Integer buffers
(num_batches_tracked) are not compared: a kernel that keeps no counter computes the same statistics.
"""
from __future__ import annotations

import builtins

import torch

from tritonrl.verifier_workers.sandbox.worker.perturb import model_tensors

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _len = builtins.type, builtins.len
_Tensor, _Parameter = torch.Tensor, torch.nn.Parameter
_no_grad = torch.no_grad

VIOLATION = "buffer_not_updated"
MAX_ELEMENTS = 4096  # the changed buffers' values sent per run, all together; above it the check is skipped
MAX_SNAPSHOT = 1 << 22  # float buffer elements copied before the call; above it the check is skipped
# |candidate - reference| <= TOLERANCE * (RMS of the buffer + |reference value|): an honest kernel's statistics
# differ by summation order and, after a TF32 GEMM, by about 2^-10 of a variance; a skipped update differs by
# momentum x (batch statistic - running one), about 1e-2 of the buffer's size
TOLERANCE = {torch.float32: 5e-3, torch.float64: 5e-3, torch.float16: 5e-3, torch.bfloat16: 2e-2}
_DTYPES = {str(d): d for d in TOLERANCE}


def _float_buffers(model) -> list[tuple[str, torch.Tensor]]:
    """The reference's float buffers (name, tensor), each storage once."""
    out, seen = [], set()
    for name, kind, t in model_tensors(model):
        if kind == "buffer" and t.is_floating_point() and t.dtype in TOLERANCE and id(t) not in seen:
            seen.add(id(t))
            out.append((name, t))
    return out


def snapshot(model) -> dict[str, torch.Tensor] | None:
    """Copies of the reference's float buffers before its first forward; None when they are too large."""
    bufs = _float_buffers(model)
    if sum(t.numel() for _, t in bufs) > MAX_SNAPSHOT:
        return None
    with _no_grad():
        return {name: t.detach().clone() for name, t in bufs}


def changed(model, before: dict[str, torch.Tensor] | None) -> list[dict]:
    """The entries of the reference's float buffers that its first forward changed (see the contract)."""
    if not before:
        return []
    out, total = [], 0
    with _no_grad():
        for name, t in _float_buffers(model):
            old = before.get(name)
            if old is None or tuple(old.shape) != tuple(t.shape) or torch.equal(old, t):
                continue
            if not bool(torch.isfinite(t).all()):
                return []
            total += t.numel()
            if total > MAX_ELEMENTS:
                return []
            out.append({"name": name, "shape": list(t.shape), "dtype": str(t.dtype),
                        "values": t.detach().to("cpu", torch.float64).reshape(-1).tolist()})
    return out


def _close(t: torch.Tensor, want: torch.Tensor, tol: float) -> bool:
    """Whether a candidate's tensor holds `want` (float64, flat) within `tol`; False for any tensor these ops
    refuse (meta, sparse)."""
    try:
        got = t.detach().to("cpu", torch.float64).reshape(-1)
        scale = float(want.pow(2).mean().sqrt()) if want.numel() else 0.0
        return bool(((got - want).abs() <= tol * (scale + want.abs()) + 1e-12).all())
    except Exception:
        return False


def missing(model, entries: list[dict]) -> list[str]:
    """The names of the reference's changed buffers (`entries`) that no float tensor of the candidate's model
    holds after its first forward."""
    if not entries:
        return []
    tensors = [t for _, _, t in model_tensors(model) if _type(t) in (_Tensor, _Parameter) and t.is_floating_point()]
    out = []
    with _no_grad():
        for e in entries:
            want = torch.tensor([float(x) for x in e.get("values") or []], dtype=torch.float64)
            tol = TOLERANCE.get(_DTYPES.get(str(e.get("dtype"))), TOLERANCE[torch.float32])
            if not any(t.numel() == want.numel() and _close(t, want, tol) for t in tensors):
                out.append(str(e.get("name")))
    return out


def after_first_call(model, before: dict[str, torch.Tensor] | None, args: dict, result: dict, info: dict) -> None:
    """Right after the first forward call of a run (run_op.py): the reference's changed buffers into its reply
    (`ref_buffer_updates`); for a candidate (`check`), VIOLATION in the call's violations when it misses any
    of the reference's, each missed one named in the call's ops."""
    if not args.get("check"):
        result["ref_buffer_updates"] = changed(model, before)
        return
    names = missing(model, args.get("ref_buffer_updates") or [])
    if names:
        info["violations"].append(VIOLATION)
        info["compute_ops"].update({f"buffer:{n}": 1 for n in names[:3]})
