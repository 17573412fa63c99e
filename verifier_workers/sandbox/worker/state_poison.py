"""State a candidate keeps between forward calls, destroyed before the next call (runs in the candidate worker,
called by run_op.py).

Contract: `StateGuard(model, module)` records every tensor storage reachable from the model and from the
candidate's module globals; `poison()` (before each later call, and once after the last one) overwrites each
such storage that is new since the last record or whose bytes changed, then records again. Floating-point
storages are filled with NaN, all others (integer, bool, bit patterns of floats kept in int32) with random
bits, so whatever a forward kept is garbage the next forward cannot replay: a result memoised on an earlier
call's inputs shows up as wrong output on the later call's.

Reach (read through instance and class dicts and C-level container methods, so no candidate method runs):
parameters, buffers, tensor attributes, the elements of lists, tuples, dicts, sets and deques, attributes of
plain objects (a helper instance, a tensor's own `__dict__`), nested modules, the closures, defaults and
attributes of the candidate's functions, the dicts of its classes, and its module's globals. Why that wide:
round 5 of the red team kept memos in int32 buffers (skipped by a float-only poison), inside a list attribute,
and in a module-level list filled in `__init__` that outlived the model into the next variant's run.

What an honest forward keeps is unaffected: a scratch buffer is rewritten before it is read, BatchNorm's
running statistics are not read in training mode, and a counter or lock array its kernel resets to zero is
unchanged. A new integer tensor that is all zero holds nothing and is left alone (a lazily allocated
semaphore array, zeroed, which the kernel leaves zeroed).
"""
from __future__ import annotations

import builtins
import collections
import types

import torch

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _isinstance, _len, _id = builtins.type, builtins.isinstance, builtins.len, builtins.id
_Tensor = torch.Tensor
_no_grad = torch.no_grad
_object_getattribute = object.__getattribute__
_dict_values, _list_copy, _set_copy = dict.values, list.copy, set.copy
_deque = collections.deque
_ModuleType, _FunctionType = types.ModuleType, types.FunctionType

MAX_OBJECTS = 200_000  # objects visited per scan: a bound on pathological object graphs


def _children(obj, own_module: str) -> list:
    """The objects `obj` holds that may hold tensors (see the module docstring for what is followed)."""
    t = _type(obj)
    if _isinstance(obj, dict):
        return list(_dict_values(obj))
    if t in (list, tuple, set, frozenset, _deque):  # exact types: C-level iteration
        return list(obj)
    if _isinstance(obj, list):  # subclasses through the base type's copy: their __iter__ never runs
        return _list_copy(obj)
    if _isinstance(obj, tuple):
        return list(tuple.__getitem__(obj, slice(None)))
    if _isinstance(obj, set):
        return list(_set_copy(obj))
    if _isinstance(obj, frozenset):
        return list(frozenset.copy(obj))
    if _isinstance(obj, _ModuleType):
        return []  # a module other than the candidate's: not its state
    if _isinstance(obj, type):  # a class of the candidate's (its class attributes)
        if _object_getattribute(obj, "__module__") != own_module:
            return []
        return list(_dict_values(dict(type.__dict__["__dict__"].__get__(obj))))
    if _isinstance(obj, _FunctionType):
        if obj.__module__ != own_module:
            return []
        cells = [c.cell_contents for c in (obj.__closure__ or ()) if _cell_full(c)]
        return cells + list(obj.__defaults__ or ()) + list(_dict_values(obj.__kwdefaults__ or {})) \
            + list(_dict_values(_object_getattribute(obj, "__dict__")))
    try:
        d = _object_getattribute(obj, "__dict__")
    except Exception:
        return []
    return list(_dict_values(d)) if _isinstance(d, dict) else []


def _cell_full(cell) -> bool:
    try:
        cell.cell_contents
        return True
    except ValueError:
        return False


def reachable_tensors(roots: list, own_module: str) -> list[torch.Tensor]:
    """Every tensor reachable from `roots` (each once, in visiting order)."""
    out, seen, todo = [], set(), list(roots)
    while todo and _len(seen) < MAX_OBJECTS:
        obj = todo.pop()
        if _id(obj) in seen or obj is None or _type(obj) in (int, float, str, bytes, bool, complex):
            continue
        seen.add(_id(obj))
        if _isinstance(obj, _Tensor):
            out.append(obj)
        try:
            todo += _children(obj, own_module)
        except Exception:  # an object of a kind these readers refuse holds nothing we can reach
            continue
    return out


def _storage(t: torch.Tensor):
    """(key, whole-storage view of t's dtype) or None for a tensor without plain storage (meta, sparse)."""
    try:
        s = t.untyped_storage()
        if s.nbytes() == 0:
            return None
        flat = torch.empty(0, dtype=t.dtype, device=t.device)
        flat.set_(s, 0, (s.nbytes() // t.element_size(),))
        return (s.data_ptr(), s.nbytes(), t.device.type), flat
    except Exception:
        return None


class StateGuard:
    """The candidate's state across forward calls: see the module docstring."""

    def __init__(self, model, module):
        self.roots = [model, module.__dict__]
        self.own = module.__name__
        self.record: dict = {}  # storage key -> (whole-storage view, byte copy)
        self._snapshot(self._storages())

    def _storages(self) -> dict:
        out = {}
        for t in reachable_tensors(self.roots, self.own):
            got = _storage(t)
            if got is not None and got[0] not in out:
                out[got[0]] = got[1]
        return out

    def _snapshot(self, storages: dict) -> None:
        record = {}
        with _no_grad():
            for k, v in storages.items():
                try:
                    record[k] = (v, _bytes(v).clone())
                except Exception:
                    continue
        self.record = record

    def tensors(self) -> list[torch.Tensor]:
        """Whole-storage views of every storage the candidate holds now (for the output-alias check)."""
        return list(self._storages().values())

    def poison(self) -> int:
        """Overwrite the storages new or changed since the last record; returns how many were."""
        now = self._storages()
        n = 0
        with _no_grad():
            for k, flat in now.items():
                try:
                    old = self.record.get(k)
                    if old is None:
                        changed = flat.is_floating_point() or flat.is_complex() or bool(_bytes(flat).any())
                    else:
                        changed = not torch.equal(_bytes(flat), old[1])
                    if changed:
                        _fill(flat)
                        n += 1
                except Exception:  # a storage these ops refuse (meta): it holds no values to replay
                    continue
        self._snapshot(now)
        return n


def _bytes(flat: torch.Tensor) -> torch.Tensor:
    return flat.view(torch.uint8)


def _fill(flat: torch.Tensor) -> None:
    """NaN for floating point, random bits otherwise (random 0/1 for bool, whose other bytes are invalid)."""
    if flat.is_floating_point() or flat.is_complex():
        flat.fill_(float("nan"))
        return
    if flat.dtype == torch.bool:
        flat.copy_(torch.randint(0, 2, flat.shape, device=flat.device).bool())
        return
    raw = _bytes(flat)
    raw.copy_(torch.randint(0, 256, raw.shape, dtype=torch.uint8, device=raw.device))
