"""State a candidate keeps between forward calls, destroyed before the next call (runs in the candidate worker,
called by run_op.py).

Contract: `StateGuard(model, module)` records every tensor storage reachable from the model and from the
candidate's module globals; `poison()` (before each later call, and once after the last one) overwrites each
such storage that is new since the last record or whose bytes changed, then records again. Floating-point
storages are filled with NaN, all others (integer, bool, bit patterns of floats kept in int32) with random
bits, so whatever a forward kept is garbage the next forward cannot replay: a result memoised on an earlier
call's inputs shows up as wrong output on the later call's.

Reach (read through instance and class dicts, C-level container methods and `gc.get_referents`, which
visits what a C object holds without running any of its methods): parameters, buffers, tensor attributes, the
elements of lists, tuples, dicts, sets and deques, attributes of plain objects (a helper instance, a tensor's
own `__dict__`), `__slots__` values, the contents of `functools.lru_cache`/`cache` wrappers (keys and results),
`functools.partial` arguments, bound methods, a tensor's `.grad` (round 8: a fold kept in a parameter's
gradient, R8A_06), generator frames, nested modules, the closures, defaults and
attributes of the candidate's functions, the dicts of its classes, and its module's globals. Other modules, their
dicts, classes and functions are not followed (they are not the candidate's state). Why that wide: round 5 of the
red team kept memos in int32 buffers (skipped by a float-only poison), inside a list attribute, and in a
module-level list filled in `__init__` that outlived the model into the next variant's run; round 6 in a
no-argument lru_cache's dict (R6C_01) and a module-level `__slots__` object (R6C_04), both C-level storage.

`module_state()` (run_op.py: after construction and after every forward) names the tensors reachable from the
candidate's module (globals, classes, functions, caches, slots) that no model instance owns as a parameter,
buffer or tensor attribute: state shared across instances and variants, refused as `output_cache`. The static
rules refuse module-level tensors and writes to module containers on the forward path; this finds what they
cannot see (a kernel's stores into a bank made in `__init__`, a cache's hidden dict).

What an honest forward keeps is unaffected: a scratch buffer is rewritten before it is read, BatchNorm's
running statistics are not read in training mode, and a counter or lock array its kernel resets to zero is
unchanged. A new integer tensor that is all zero holds nothing and is left alone (a lazily allocated
semaphore array, zeroed, which the kernel leaves zeroed).
"""
from __future__ import annotations

import builtins
import collections
import gc
import sys
import types

import torch

from tritonrl.verifier_workers.sandbox.worker.perturb import model_tensors

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _isinstance, _len, _id = builtins.type, builtins.isinstance, builtins.len, builtins.id
_Tensor, _Parameter = torch.Tensor, torch.nn.Parameter
_base = getattr(torch._C, "TensorBase", None)  # where `.grad`/`.is_leaf` are C descriptors
_grad_get = _base.grad.__get__ if _base is not None and hasattr(_base, "grad") else None
_leaf_get = _base.is_leaf.__get__ if _base is not None and hasattr(_base, "is_leaf") else (lambda t: True)
_no_grad = torch.no_grad
_object_getattribute = object.__getattribute__
_dict_values, _dict_items, _list_copy, _set_copy = dict.values, dict.items, list.copy, set.copy
_deque = collections.deque
_ModuleType, _FunctionType, _CodeType = types.ModuleType, types.FunctionType, types.CodeType
_get_referents = gc.get_referents
_sys_modules = sys.modules
try:  # Triton's autotuner keeps a launch's arguments (`nargs`) and, with `restore_value`, copies of them
    from triton.runtime.autotuner import Autotuner as _Autotuner  # (`restore_copies`): Triton's, not state
except Exception:  # no Triton: nothing of its to skip
    _Autotuner = None
_AUTOTUNER_TRANSIENT = frozenset({"nargs", "restore_copies"})

MAX_OBJECTS = 200_000  # objects visited per scan: a bound on pathological object graphs


def _children(obj, own_module: str, foreign: set[int]) -> list:
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
    if _Autotuner is not None and _isinstance(obj, _Autotuner):  # its configs, cache and kernel are followed
        d = _object_getattribute(obj, "__dict__")
        return [v for k, v in _dict_items(d) if k not in _AUTOTUNER_TRANSIENT] if _isinstance(d, dict) else []
    if _isinstance(obj, _Tensor):  # a tensor's own attributes and its `.grad` (its other referents are torch's)
        try:
            d = _object_getattribute(obj, "__dict__")
        except Exception:
            return []
        return (list(_dict_values(d)) if _isinstance(d, dict) else []) + _grad(obj)
    # anything else through what its C type traverses (no method of the object runs): `__dict__`, `__slots__`
    # values, an lru_cache's cache dict and entries, a partial's arguments, a bound method's self, a generator's
    # frame; types, code and other modules' namespaces are not state of the candidate's
    return [r for r in _get_referents(obj) if not _isinstance(r, (type, _ModuleType, _CodeType))
            and _id(r) not in foreign]


def _grad(t) -> list:
    """[t.grad] where a leaf tensor of a plain type has one, read through the C descriptor (no method of the
    candidate's runs): a `.grad` set in `__init__` is storage that survives the forward (round 8, R8A_06)."""
    if _type(t) not in (_Tensor, _Parameter) or _grad_get is None:
        return []
    try:
        g = _grad_get(t) if _leaf_get(t) else None
    except Exception:
        return []
    return [g] if g is not None else []


def _foreign_namespaces(own_module: str) -> set[int]:
    """ids of every loaded module's namespace dict but the candidate's (a frame's globals and builtins)."""
    return {_id(m.__dict__) for name, m in list(_sys_modules.items())
            if name != own_module and _isinstance(m, _ModuleType)}


def _cell_full(cell) -> bool:
    try:
        cell.cell_contents
        return True
    except ValueError:
        return False


def reachable_tensors(roots: list, own_module: str, seen: set | None = None,
                      foreign: set[int] | None = None) -> list[torch.Tensor]:
    """Every tensor reachable from `roots` (each once, in visiting order; `seen`: ids already visited;
    `foreign`: other modules' namespaces, computed here unless given)."""
    out, todo = [], list(roots)
    seen = set() if seen is None else seen
    foreign = _foreign_namespaces(own_module) if foreign is None else foreign
    while todo and _len(seen) < MAX_OBJECTS:
        obj = todo.pop()
        if _id(obj) in seen or obj is None or _type(obj) in (int, float, str, bytes, bool, complex) \
                or _id(obj) in foreign:
            continue
        seen.add(_id(obj))
        if _isinstance(obj, _Tensor):
            out.append(obj)
        try:
            todo += _children(obj, own_module, foreign)
        except Exception:  # an object of a kind these readers refuse holds nothing we can reach
            continue
    return out


def storage_view(t: torch.Tensor):
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
        self.model, self.module = model, module
        self.roots = [model, module.__dict__]
        self.own = module.__name__
        self.record: dict = {}  # storage key -> (whole-storage view, byte copy)
        self._snapshot(self._storages())

    def _storages(self) -> dict:
        out = {}
        for t in reachable_tensors(self.roots, self.own):
            got = storage_view(t)
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

    def rerecord(self) -> None:
        """Take the storages as they are now as the record (after the harness itself changed them: a weight
        update between calls, weight_update.py), so that the next `poison` leaves them alone."""
        self._snapshot(self._storages())

    def module_state(self) -> list[str]:
        """The globals of the candidate's module through which a tensor that no model instance owns is
        reachable (see the module docstring); [] when there is none."""
        owned = set()
        for _, _, t in model_tensors(self.model):
            got = storage_view(t)
            if got is not None:
                owned.add(got[0])
        found, seen = [], {_id(self.model)}  # the model itself: reached from a global, it is still the instance
        foreign = _foreign_namespaces(self.own)
        for name, value in list(_dict_items(self.module.__dict__)):
            for t in reachable_tensors([value], self.own, seen, foreign):
                got = storage_view(t)
                if got is not None and got[0] not in owned:
                    found.append(str(name))
                    break
        return found

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
