"""Host code around interpreted launches runs as it does on a GPU (sandbox worker processes, TRITON_INTERPRET=1).

Triton's interpreter patches `triton.language` to its numpy builder for a launch (`_patch_lang`) and, inside
that window, calls the launch's grid callable with the kernel's arguments converted to interpreter tensors.
There `tl.load`, `tl.where`, `tl.store` and `.handle.data` work on the host, in numpy, unseen by the compute
watch; on a GPU the grid callable gets the launch's own arguments and any `tl.*` call in it raises (no
`_semantic`). Red-team round 6 computed whole tasks in grid callables that way (R6A_01, 08, 10), and called a
@triton.jit function straight from forward, which the interpreter runs on the host and leaves `tl` patched
(R6A_02). Here, for the launch hook (launches.py):
  * `launch_grid(fn, grid, args, kwargs)`: the grid a launch runs, computed as `JITFunction.run` does on a
    GPU: a callable gets a dict of the kernel's parameters bound to the launch's own arguments (tensors,
    ints, constexprs, defaults), and it runs before the interpreter patches anything; `run_pre_run_hooks`
    likewise. Both refuse to run while `triton.language` is patched (`check_unpatched`);
  * `kernel_body()`: the window in which a launch's kernel body runs; a @triton.jit function called outside
    it raises as `JITFunction.__call__` does on a GPU; called inside it (a helper), the patch it installs is
    restored when it returns (the interpreter leaves it in place).
`install()` patches `InterpretedFunction.__call__`; a Triton layout it does not know is left alone.
"""
from __future__ import annotations

import contextlib
import inspect
import logging
from typing import Any, Callable, Iterator

log = logging.getLogger(__name__)

_DEPTH = [0]  # kernel bodies running now (nested helper calls do not add)
_PRISTINE: dict[str, Any] = {}  # triton.language's own builtins, taken before any candidate exists
_PROBES = ("load", "store", "where", "arange", "sum")
OUTSIDE_KERNEL = "Cannot call @triton.jit'd outside of the scope of a kernel"  # JITFunction.__call__'s words


def check_unpatched() -> None:
    """Raise when `triton.language`'s builtins are the interpreter's now: host code must not run with them."""
    import triton.language as tl

    for name, fn in _PRISTINE.items():
        current = tl.tensor.__add__ if name == "tensor.__add__" else vars(tl).get(name)
        if current is not fn:
            raise RuntimeError(f"triton.language is patched by the interpreter outside a kernel body (`tl.{name}`): "
                               "host code cannot run Triton operations")


def _bound_meta(fn: Any, args: tuple, kwargs: dict) -> dict[str, Any]:
    """The kernel's parameters bound to the launch's own arguments, defaults included (a GPU's `bound_args`);
    keyword arguments the kernel does not take (num_warps...) are dropped, as the interpreter drops them."""
    params = inspect.getfullargspec(fn).args
    kept = {k: v for k, v in kwargs.items() if k in params}
    return inspect.getcallargs(fn, *args, **kept)


def run_pre_run_hooks(fn: Any, hooks: list, args: tuple, kwargs: dict) -> None:
    """A launch's pre-run hooks, with the arguments the interpreter would hand them, before any patch."""
    if not hooks:
        return
    check_unpatched()
    params = inspect.getfullargspec(fn).args
    kept = {k: v for k, v in kwargs.items() if k in params}
    for hook in hooks:
        hook(*args, **kept)


def launch_grid(fn: Any, grid: Any, args: tuple, kwargs: dict) -> Any:
    """The launch's grid; a callable is called as on a GPU (`grid(bound_args)`), outside the interpreter's patch.
    A list grid becomes a tuple (the GPU indexes either; the interpreter pads only tuples)."""
    if callable(grid):
        check_unpatched()
        grid = grid(_bound_meta(fn, args, kwargs))
    return tuple(grid) if type(grid) is list else grid


@contextlib.contextmanager
def kernel_body() -> Iterator[None]:
    """While a launch's kernel body runs: @triton.jit helpers may be called."""
    _DEPTH[0] += 1
    try:
        yield
    finally:
        _DEPTH[0] -= 1


def _device_call(original: Callable, patch_lang: Callable | None, error: type) -> Callable:
    def call(self, *args, **kwargs):
        if _DEPTH[0] <= 0:  # from host code: a GPU raises here, the interpreter would run the body on the host
            raise RuntimeError(OUTSIDE_KERNEL)
        if patch_lang is None:
            return original(self, *args, **kwargs)
        scope = patch_lang(self.fn)
        try:
            fn = self.rewrite()
            try:
                return fn(*args, **kwargs)
            except Exception as e:  # as the interpreter reports it
                raise error(repr(e)) from e
        finally:
            if scope is not None:  # an older Triton's _patch_lang returns nothing to restore
                scope.restore()

    call.device_call = True
    return call


def install() -> list:
    """Record `triton.language`'s own builtins and guard InterpretedFunction.__call__; returns what was patched."""
    try:
        import triton.language as tl
        from triton.runtime import interpreter
    except Exception:  # noqa: BLE001 - no Triton: nothing to guard
        return []
    for name in _PROBES:
        if name in vars(tl):
            _PRISTINE[name] = vars(tl)[name]
    _PRISTINE["tensor.__add__"] = tl.tensor.__add__
    cls = getattr(interpreter, "InterpretedFunction", None)
    original = getattr(cls, "__call__", None) if cls is not None else None
    if original is None or getattr(original, "device_call", False):
        return []
    patch_lang = getattr(interpreter, "_patch_lang", None)
    error = getattr(interpreter, "InterpreterError", RuntimeError)
    if patch_lang is not None and not all(hasattr(cls, a) for a in ("rewrite",)):
        patch_lang = None
    cls.__call__ = _device_call(original, patch_lang, error)
    return [cls]
