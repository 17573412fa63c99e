"""Every autotune config a candidate ships computes what the config it runs computes (CPU interpreter; called
by triton_shims' autotuner `run`).

Contract: while `CONFIG_CHECK["on"]` (run_op.py sets it for the runs the funnel marks `check_configs`: the tiny
stage and the full stage's original variant, i.e. the task's own sizes, which a GPU's autotuner benchmarks for
timing), the first launch of each autotuned kernel at each launch signature (its key, every tensor argument's
shape and dtype, every scalar argument) runs every other config on copies of the tensor arguments, before the
launch itself runs its config on the real ones; `compare(...)` then raises `AutotuneConfigMismatch` if a copy
differs from the real tensors beyond a float tolerance, naming both configs. A config that raises there is
skipped, as a GPU's benchmark skips a config that fails to compile or run.

The configs checked are those `early_config_prune` keeps at these arguments (a deterministic function of them,
as on the GPU), not the `perf_model`/`top_k` cut: that model is candidate code reading device properties a CPU
only stands in for, so the GPU may keep configs the CPU would drop.

In the other variants (`check_configs="new"`: larger sizes, other values) a launch checks only the configs
not yet compared for that kernel (`CONFIG_CHECK["seen"]`, filled as a comparison passes): an
`early_config_prune` that keeps other configs at other sizes (R8C_09: 3 configs up to 512 columns, 16 past,
the last one tile of 512 that drops the rest of a longer row) has them run and compared where they are
selectable; an autotuner whose configs were all compared at the task's sizes costs nothing more.

Why: the interpreter cannot benchmark, so each launch runs the next config in turn (triton_shims); a kernel with
more configs than a verification's launches had configs that never ran (R6C_05: 32 configs, the last four wrong
and fastest, which a GPU's autotuner picks).
"""
from __future__ import annotations

import builtins
from typing import Any

import torch

CONFIG_CHECK: dict[str, Any] = {"on": False, "done": set(), "seen": set(), "only_new": False}
_type, _isinstance = builtins.type, builtins.isinstance
_Tensor = torch.Tensor


class AutotuneConfigMismatch(RuntimeError):
    """Two autotune configs of one kernel computed different results on the same arguments."""


def _signature(where: tuple, key: tuple, values: list) -> tuple:
    sig = []
    for v in values:
        if _type(v) is _Tensor:
            sig.append(("t", tuple(v.shape), str(v.dtype)))
        elif _type(v) in (int, float, bool, str) or v is None:
            sig.append(v)
        else:
            sig.append(_type(v).__name__)
    return where, key, tuple(sig)


def _copy(v):
    if _type(v) is _Tensor:
        return v.detach().clone()
    if _type(v) in (tuple, list):
        return _type(v)(_copy(x) for x in v)
    return v


def configs_to_check(tuner, kwargs: dict) -> list:
    """The configs a GPU's autotuner may pick at these arguments (see the module docstring)."""
    prune = getattr(tuner, "early_config_prune", None)
    return list(prune(tuner.configs, tuner.nargs, **kwargs)) if prune else list(tuner.configs)


def run_others(tuner, chosen, args: tuple, kwargs: dict, where: tuple, key: tuple, reset: bool,
               configs: list | None = None) -> list | None:
    """Run every config but `chosen` on copies of the arguments; returns [(config, copied args, copied kwargs)]
    for `compare`, or None when this launch is not checked. `reset`: the launch zeroes its `reset_to_zero`
    arguments first (the first launch of a key), so the copies are zeroed too. `configs`: those the key's
    first launch kept (triton_shims.key_configs; a GPU's cache reuses its pick for the key), else pruned here."""
    if not CONFIG_CHECK["on"]:
        return None
    sig = _signature(where, key, list(args) + [kwargs[k] for k in sorted(kwargs)])
    if sig in CONFIG_CHECK["done"]:
        return None
    CONFIG_CHECK["done"].add(sig)
    ran = []
    for config in configs if configs is not None else configs_to_check(tuner, kwargs):
        if config is chosen or config.all_kwargs() == chosen.all_kwargs():
            continue
        if CONFIG_CHECK["only_new"] and _seen_key(where, config) in CONFIG_CHECK["seen"]:
            continue
        c_args, c_kwargs = _unwatched(lambda: ([_copy(a) for a in args], {k: _copy(v) for k, v in kwargs.items()}))
        nargs = {**dict(zip(tuner.arg_names, c_args)), **c_kwargs, **config.all_kwargs()}
        try:
            if reset:
                tuner.pre_hook(nargs, reset_only=True)  # reset_to_zero arguments, as the launch does
            if config.pre_hook is not None:
                config.pre_hook(nargs)
            tuner.fn.run(*c_args, **c_kwargs, **config.all_kwargs())
        except AutotuneConfigMismatch:
            raise
        except Exception:  # a config the GPU's benchmark would skip (fails to compile or run): not compared
            continue
        ran.append((config, c_args, c_kwargs))
    return ran


def _seen_key(where: tuple, config) -> tuple:
    """A config of one kernel (its name and line, not the pruned list's length), for CONFIG_CHECK["seen"]."""
    return where[:2], repr(sorted(config.all_kwargs().items()))


def _tolerance(t: torch.Tensor) -> tuple[float, float]:
    if t.dtype in (torch.float16, torch.bfloat16):
        return 2e-2, 2e-2
    return 1e-3, 1e-3


def _differs(a, b) -> str | None:
    if _type(a) in (tuple, list):
        return next((d for d in (_differs(x, y) for x, y in zip(a, b)) if d), None)
    if _type(a) is not _Tensor or _type(b) is not _Tensor or a.shape != b.shape:
        return None
    if not (a.is_floating_point() or a.is_complex()):
        return None if torch.equal(a, b) else "integer values differ"
    x, y = a.detach().double(), b.detach().double()
    rtol, atol = _tolerance(a)
    scale = max(1.0, float(x[torch.isfinite(x)].pow(2).mean().sqrt()) if bool(torch.isfinite(x).any()) else 1.0)
    bad = ~torch.isclose(x, y, rtol=rtol, atol=atol * scale, equal_nan=True)
    if bool(bad.any()):
        return f"max abs diff {float((x - y).abs()[bad].max()):.3g}"
    return None


def _unwatched(fn):
    """The harness's own tensor work (copies, comparisons) inside a forward: not the candidate's compute, so
    the compute watch is paused for it (never around candidate code: pre_hooks and prune functions stay
    watched)."""
    from tritonrl.verifier_workers.sandbox.worker.watch import pause, unpause

    pause()
    try:
        return fn()
    finally:
        unpause()


def compare(chosen, ran: list | None, args: tuple, kwargs: dict, name: str, where: tuple | None = None) -> None:
    """After the launch ran `chosen` on the real arguments: every other config's copies must match them; the
    configs compared are then `seen` (an "only new" check skips them)."""
    _unwatched(lambda: _compare(chosen, ran, args, kwargs, name))
    if ran and where is not None:
        CONFIG_CHECK["seen"].update(_seen_key(where, c) for c in [chosen] + [r[0] for r in ran])


def _compare(chosen, ran: list | None, args: tuple, kwargs: dict, name: str) -> None:
    for config, c_args, c_kwargs in ran or []:
        real = list(args) + [kwargs[k] for k in sorted(kwargs)]
        copied = list(c_args) + [c_kwargs[k] for k in sorted(c_kwargs)]
        for a, b in zip(real, copied):
            diff = _differs(a, b)
            if diff:
                raise AutotuneConfigMismatch(
                    f"autotune config {config.all_kwargs()} of {name} computes other values than config "
                    f"{chosen.all_kwargs()} on the same arguments ({diff}): a GPU's autotuner may pick either")
