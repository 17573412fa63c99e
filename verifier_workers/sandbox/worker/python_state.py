"""Python values a candidate's forward writes outside the model instance (runs in the candidate worker, called
by run_op.py around every forward).

Contract: `PythonState(module)` records the Python state reachable from the candidate's module globals: the
values of plain data (numbers, strings, bytes, None, and lists, tuples, dicts, sets of them), the attributes
of the candidate's own classes (`type.__dict__`) and of objects of those classes, recursively; any other object
(a function, a tensor, a Triton kernel, an autotuner, an lru_cache wrapper) by identity only, so that what
Triton and torch keep inside their own objects (compiled-kernel caches, autotune picks) is not judged here.
`writes()` names each entry that differs from the record (added, removed or changed), then records again.

Why: the tensor state the poisoner reaches (state_poison.py) is overwritten between calls, but a memo kept
as Python values survives it: a class attribute holding an inverse norm as a float, keyed on one weight
element (round 8, R8A_07), is right after a weight update that keeps that element and wrong in training.
A forward that writes such state is refused as `output_cache` (op `python_state:NAME`), as the static rules
refuse the writes they can see (globals, `self` attributes and module containers on the forward path).
"""
from __future__ import annotations

import builtins
import sys
import types

# captured at import, before any candidate exists: later monkey-patching changes nothing here
_type, _isinstance, _len, _id, _repr = builtins.type, builtins.isinstance, builtins.len, builtins.id, builtins.repr
_object_getattribute = object.__getattribute__
_dict_items = dict.items
_ModuleType = types.ModuleType
_class_dict = type.__dict__["__dict__"].__get__
_sys_modules = sys.modules
# Triton's interpreter copies its own module's globals into a kernel's module on a launch (FunctionRewriter):
# those names are the interpreter's, not the candidate's state
INTERPRETER = "triton.runtime.interpreter"

MAX_ENTRIES = 50_000  # entries recorded per scan: a bound on pathological object graphs
MAX_DEPTH = 8
_SCALARS = (int, float, complex, str, bytes, bool, type(None))


class PythonState:
    """The candidate module's Python state between forward calls: see the module docstring."""

    def __init__(self, module):
        self.module, self.own = module, module.__name__
        self.record = self._scan()

    def _scan(self) -> dict[str, tuple]:
        out: dict[str, tuple] = {}
        seen: set[int] = set()
        interp = getattr(_sys_modules.get(INTERPRETER), "__dict__", {})
        for name, value in list(_dict_items(self.module.__dict__)):
            if name.startswith("__") or (name in interp and interp[name] is value):
                continue
            self._visit(str(name), value, out, seen, 0)
        return out

    def _visit(self, path: str, value, out: dict, seen: set, depth: int) -> None:
        if _len(out) >= MAX_ENTRIES:
            return
        t = _type(value)
        if t in _SCALARS:
            out[path] = ("value", t.__name__, _repr(value) if t is not float else float.hex(value))
            return
        if _id(value) in seen or depth >= MAX_DEPTH:
            out[path] = ("ref", t.__name__, _id(value))
            return
        kids = self._children(value)
        if kids is None:  # not the candidate's state: its identity only
            out[path] = ("ref", t.__name__, _id(value))
            return
        seen.add(_id(value))
        out[path] = ("container", t.__name__, _id(value), _len(kids))
        for key, kid in kids:
            self._visit(f"{path}{key}", kid, out, seen, depth + 1)

    def _children(self, value) -> list[tuple[str, object]] | None:
        """(path suffix, value) of what `value` holds, for plain containers and the candidate's own classes and
        their objects; None for anything else (compared by identity)."""
        if _type(value) in (list, tuple):
            return [(f"[{i}]", v) for i, v in enumerate(value)]
        if _type(value) is dict:
            return [(f"[{_key(k)}]", v) for k, v in list(_dict_items(value))]
        if _type(value) in (set, frozenset):
            return [(f"{{{_key(k)}}}", k) for k in sorted(value, key=_key)]
        if _isinstance(value, type):
            if _object_getattribute(value, "__module__") != self.own:
                return None
            return [(f".{k}", v) for k, v in list(_dict_items(dict(_class_dict(value))))
                    if not (_isinstance(k, str) and k.startswith("__"))]
        if _isinstance(value, _ModuleType):
            return None
        cls = _type(value)
        if _object_getattribute(cls, "__module__") != self.own:
            return None
        try:  # an object of the candidate's classes: its instance dict (a model instance is excluded)
            d = _object_getattribute(value, "__dict__")
        except Exception:
            return []
        if not _isinstance(d, dict) or "_parameters" in d:
            return None
        return [(f".{k}", v) for k, v in list(_dict_items(d))]

    def writes(self) -> list[str]:
        """The entries that changed since the record (sorted, shortest first), then record again."""
        now = self._scan()
        changed = {k for k in set(now) | set(self.record) if now.get(k) != self.record.get(k)}
        self.record = now
        return sorted(changed, key=lambda k: (_len(k), k))


def _plain(k, depth: int = 0) -> bool:
    """A value whose repr runs no code of the candidate's: scalars and tuples of them."""
    if _type(k) in _SCALARS:
        return True
    return _type(k) is tuple and depth < 4 and all(_plain(v, depth + 1) for v in k)


def _key(k) -> str:
    """A dict key or set element as a path step (its repr for plain values, else its identity)."""
    return _repr(k)[:80] if _plain(k) else f"<{_type(k).__name__} {_id(k)}>"
