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
    foreign = storages(inputs) | storages(earlier or [])
    spans: list[tuple[int, int, int, torch.Tensor]] = []
    for o in outs:
        k = storage_key(o)
        if k is None:
            continue
        lo, hi = byte_span(o)
        # an input's or an earlier call's memory never; one buffer split into disjoint outputs (a fused QKV
        # projection's chunks, min and max rows of one allocation) is fine, as the reference itself may do it
        if k in foreign or any(k == k2 and lo < hi2 and lo2 < hi and overlap(o, o2)
                               for k2, lo2, hi2, o2 in spans):
            violations.append("output_alias")
            break
        spans.append((k, lo, hi, o))
    return violations


def overlap(a: torch.Tensor, b: torch.Tensor, max_elements: int = 1 << 26) -> bool:
    """Whether two views of one storage share an element (interleaved views, e.g. the column chunks of one
    fused QKV output, do not). Exact for views of one element size; otherwise, or when huge, assumed."""
    if a.element_size() != b.element_size() or a.numel() + b.numel() > max_elements:
        return True
    mark = torch.zeros(max(byte_span(a)[1], byte_span(b)[1]) // a.element_size(), dtype=torch.bool, device=a.device)
    mark[_offsets(a)] = True
    return bool(mark[_offsets(b)].any())


def _offsets(t: torch.Tensor) -> torch.Tensor:
    """Element offsets into the storage of every element of a view."""
    offs = torch.full((), t.storage_offset(), dtype=torch.int64, device=t.device)
    for d, (size, stride) in enumerate(zip(t.shape, t.stride())):
        shape = [1] * t.dim()
        shape[d] = size
        offs = offs + (torch.arange(size, device=t.device) * stride).view(shape)
    return offs.reshape(-1)


def byte_span(t: torch.Tensor) -> tuple[int, int]:
    """[first, last) byte of the storage a (non-empty) tensor can touch."""
    lo = hi = t.storage_offset()
    for size, stride in zip(t.shape, t.stride()):
        if stride >= 0:
            hi += (size - 1) * stride
        else:
            lo += (size - 1) * stride
    return lo * t.element_size(), (hi + 1) * t.element_size()


def same(a: torch.Tensor, b: torch.Tensor) -> bool:
    if _equal(a, b):
        return True
    return a.shape == b.shape and bool(((a == b) | (_isnan(a) & _isnan(b))).all()) if a.is_floating_point() else False
