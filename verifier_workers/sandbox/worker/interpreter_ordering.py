"""What orders memory between the programs and the launches of an interpreted kernel (sandbox worker processes,
TRITON_INTERPRET=1 only): an allowlist of what the PTX memory model guarantees, read by interpreter_races.py.

Atomics (`Order`, `atomic_order`): only a scope that covers other programs orders anything between programs.
Triton's programs are different CTAs, so scope "gpu" (the default) and "sys" do; scope "cta" (or anything not
recognised) does not, and a CTA-scoped atomic is not even atomic with respect to other programs (two `atom.cta`
of different CTAs are not morally strong: a data race), so for other programs it is a plain read and a plain
store. Within a covering scope, "acq_rel" (the default) acquires and releases, "acquire" only acquires (later
loads see what others released), "release" only releases (earlier stores published; the issuing program's later
loads are not ordered after anybody's stores), "relaxed" (or anything else) neither.

Programmatic dependent launch (`DependentLaunch`): a launch with `launch_pdl=True` may start while the launch
before it (any stream op: a Triton kernel or a torch op) still runs, and sees its writes only after
`tl.extra.cuda.gdc_wait()` (PTX `griddepcontrol.wait`). Which bytes the previous op wrote is unknown here (torch
ops are not traced), so every global access of such a launch's program before its gdc_wait counts as a race; the
tutorial pattern, gdc_wait before the first load, passes. `gdc_launch_dependents()` is a hint and orders nothing.

Not ordering, by design (the race rules ignore them): `tl.debug_barrier()` (a barrier of one program's threads,
never of the grid), `cache_modifier`, `eviction_policy` and `volatile=True` on loads and stores (they pick a
cache path; they do not make another program's unreleased store visible)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Order:
    """What one atomic guarantees with respect to other programs of the launch."""

    atomic: bool  # its read-modify-write is atomic w.r.t. other programs (the scope covers them)
    acquire: bool  # the issuing program's later accesses are ordered after stores others released
    release: bool  # the issuing program's earlier stores are published to programs that acquire


ACQ_REL = Order(atomic=True, acquire=True, release=True)  # Triton's default: sem="acq_rel", scope="gpu"
RELAXED = Order(atomic=True, acquire=False, release=False)
CTA_SCOPED = Order(atomic=False, acquire=False, release=False)  # scope="cta": not atomic for other programs

_SEMANTICS = {"ACQUIRE_RELEASE": (True, True), "ACQUIRE": (True, False), "RELEASE": (False, True)}
_CROSS_PROGRAM_SCOPES = ("GPU", "SYSTEM")


def _enum_name(value) -> str:
    """`MEM_SEMANTIC.ACQUIRE` -> "ACQUIRE" (the interpreter hands the builder the IR enums)."""
    return str(value).rsplit(".", 1)[-1].upper()


def atomic_order(sem, scope) -> Order:
    """The order an atomic with these `sem` and `scope` (IR enums, or None where unknown) gives between programs."""
    if _enum_name(scope) not in _CROSS_PROGRAM_SCOPES:
        return CTA_SCOPED
    acquire, release = _SEMANTICS.get(_enum_name(sem), (False, False))
    return Order(atomic=True, acquire=acquire, release=release)


GDC_WAIT = "griddepcontrol.wait"
GDC_LAUNCH_DEPENDENTS = "griddepcontrol.launch_dependents"


def gdc_instruction(asm) -> str | None:
    """GDC_WAIT or GDC_LAUNCH_DEPENDENTS for the inline assembly of `tl.extra.cuda.gdc_wait` /
    `gdc_launch_dependents` (one instruction, then a comment), else None (other assembly the interpreter
    cannot run)."""
    if type(asm) is not str:
        return None
    first = asm.split(";", 1)[0].strip()
    return first if first in (GDC_WAIT, GDC_LAUNCH_DEPENDENTS) else None


class AsmResult:
    """What the interpreter's `create_inline_asm` must return: `get_result(i)` gives the i-th output."""

    def __init__(self, handle):
        self.handle = handle

    def get_result(self, _index: int):
        return self.handle


def gdc_result():
    """The (dummy) int32 scalar a GDC instruction returns."""
    from triton.runtime.interpreter import TensorHandle
    import triton.language as tl

    return AsmResult(TensorHandle(np.zeros(1, dtype=np.int32), tl.int32))


def install_gdc(on_wait) -> None:
    """`tl.extra.cuda.gdc_wait` / `gdc_launch_dependents` as the interpreter runs them (interpreter processes
    only; the compile stage builds the real instructions): Triton's are inline assembly, which the interpreter
    cannot run, and take no `_semantic` there. gdc_wait calls `on_wait`; launch_dependents is a hint."""
    import sys

    def gdc_wait(_semantic=None, _builder=None):
        on_wait()

    def gdc_launch_dependents(_semantic=None, _builder=None):
        return None

    # `triton.language.extra` loads its backend packages itself: the module kernels reach as `tl.extra.cuda`
    # need not be the one in sys.modules (what `from triton.language.extra.cuda import gdc_wait` reads)
    try:
        import triton.language as tl

        cuda = getattr(getattr(tl, "extra", None), "cuda", None)
    except Exception:
        cuda = None
    mods = [cuda, getattr(cuda, "gdc", None)] + [sys.modules.get(f"triton.language.extra.cuda{m}") for m in ("", ".gdc")]
    for mod in mods:
        for name, fn in (("gdc_wait", gdc_wait), ("gdc_launch_dependents", gdc_launch_dependents)):
            if mod is not None and hasattr(mod, name):
                setattr(mod, name, fn)


class DependentLaunch:
    """The running launch's programmatic-dependent-launch state: set per launch by launches.py, per program by
    the interpreter's grid index."""

    def __init__(self):
        self.pdl = False  # the running launch was made with launch_pdl=True
        self.waited = False  # the running program has done gdc_wait

    def begin(self, pdl: bool) -> None:
        self.pdl, self.waited = pdl, False

    def next_program(self) -> None:
        self.waited = False

    def wait(self) -> None:
        self.waited = True

    def unsynchronised(self, nbytes: int) -> bool:
        """Is an access of `nbytes` global bytes now a race with the previous stream op?"""
        return self.pdl and not self.waited and nbytes > 0


def launch_pdl(kwargs: dict) -> bool:
    """Was a launch made with launch_pdl on? Only a genuine bool or int counts as a value (no candidate object's
    __bool__ runs here); anything else is refused by the compile stage (launch_spec.option_problem)."""
    v = kwargs.get("launch_pdl")
    return type(v) in (bool, int) and v != 0


_USED_ONCE: list = []  # the TensorHandle subclass watch_use makes, built once (triton is imported lazily)


def _used_once_class():
    if not _USED_ONCE:
        from triton.runtime.interpreter import TensorHandle

        class UsedOnce(TensorHandle):
            """A TensorHandle whose first read of `data` calls its `on_use` hook."""

            @property
            def data(self):
                hook = self.__dict__.pop("on_use", None)
                if hook is not None:
                    hook()
                return self.__dict__["values"]

            @data.setter
            def data(self, values):
                self.__dict__["values"] = values

        _USED_ONCE.append(UsedOnce)
    return _USED_ONCE[0]


def watch_use(handle, *on_use):
    """`handle` (an interpreter TensorHandle) made to call each `on_use()` the first time its values are read
    (none: `handle` itself): an atomic's result that depends on program order is a race only if the kernel
    uses it (an accumulating atomic's result is dropped unread), and an acquire orders only then."""
    if not on_use:
        return handle
    out = _used_once_class()(handle.data, handle.dtype)
    out.__dict__["on_use"] = lambda: [f() for f in on_use]
    return out
