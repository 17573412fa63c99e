"""Checks on what a candidate's forward returned (runs in the candidate worker, called by harness.py).

Outputs must be plain tensors on the right device that share no storage with the inputs, with each other, or
with the outputs of an earlier forward (which the harness keeps alive, so honest fresh allocations can never
land on the same memory): a forward that returns views of one internal buffer every call (`output_alias`)
could hand back stale data, or change earlier results after the fact.
"""
from __future__ import annotations

import builtins
from typing import Any

import torch

_type, _isinstance = builtins.type, builtins.isinstance
_Tensor = torch.Tensor
_equal, _isnan = torch.equal, torch.isnan


def flatten(out: Any) -> list | None:
    if _isinstance(out, _Tensor):
        return [out]
    if _type(out) in (tuple, list):  # exactly: a subclass's __iter__ would run candidate code, unwatched
        return list(out)
    return None


def storage_key(t: torch.Tensor) -> int | None:
    if t.numel() == 0:
        return None
    return t.untyped_storage().data_ptr()


def storages(tensors) -> set[int]:
    return {storage_key(x) for x in tensors if _type(x) is _Tensor} - {None}


def check_outputs(outs: list | None, inputs: list, device: str, earlier: list | None = None) -> list[str]:
    """Violations of the outputs (`earlier`: outputs of previous forwards, still alive)."""
    if outs is None or not outs or not all(_isinstance(o, _Tensor) for o in outs):
        return ["output_not_tensor"]
    if any(_type(o) is not _Tensor for o in outs):
        return ["output_subclass"]  # lazy tensors that compute when compared, etc.
    violations = []
    if any(o.device.type != device for o in outs):
        violations.append("output_device")
    seen = storages(inputs) | storages(earlier or [])
    for o in outs:
        k = storage_key(o)
        if k is not None and k in seen:
            violations.append("output_alias")
            break
        seen.add(k)
    return violations


def same(a: torch.Tensor, b: torch.Tensor) -> bool:
    if _equal(a, b):
        return True
    return a.shape == b.shape and bool(((a == b) | (_isnan(a) & _isnan(b))).all()) if a.is_floating_point() else False
