"""DeepSpeed's CPU shm-comm op, built once per machine and reused by every learner rank and run.

torch's JIT builder guards a build with a `lock` file in the op's build folder; a build killed midway leaves it,
and every later load waits on it forever. A fresh folder per actor avoided that but rebuilt the op in every
rank of every run (151 s per learner start with two ranks building at once on a 2-core machine, 2026-11-28).
Here the folder is one per machine (TORCH_EXTENSIONS_DIR, else ~/.cache/tritonrl/torch_extensions/<python,
torch>), each build holds an `flock` on it, which the kernel drops when its holder dies, and the holder first
deletes any `lock` file there: with the flock held nobody else is building, so such a file is stale. torch
rebuilds by itself when the op's sources or flags change; the folder name keeps Python and torch versions
apart.
"""
from __future__ import annotations

import fcntl
import logging
import os
import sys
import tempfile
import threading
import time

log = logging.getLogger(__name__)

FLOCK_NAME = ".tritonrl-build.flock"
_held_on_timeout: list = []  # flock files of builds still running past their deadline (released at exit)


def extensions_dir() -> str:
    """TORCH_EXTENSIONS_DIR if set, else a per-user cache folder named after the Python and torch versions."""
    if os.environ.get("TORCH_EXTENSIONS_DIR"):
        return os.environ["TORCH_EXTENSIONS_DIR"]
    import torch

    tag = f"py{sys.version_info.major}{sys.version_info.minor}_torch{torch.__version__.replace('+', '_')}"
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "tritonrl", "torch_extensions", tag)


def _take_flock(path: str, deadline: float):
    f = open(path, "a")
    while True:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return f
        except BlockingIOError:
            if time.monotonic() > deadline:
                f.close()
                raise TimeoutError(f"another process has been building DeepSpeed's CPU op under {path!r} past "
                                   "the deadline (TRITONRL_EXT_BUILD_TIMEOUT)") from None
            time.sleep(0.5)


def build_cpu_ops(timeout_s: float) -> float:
    """Build (or load the cached build of) DeepSpeed's CPU shm-comm op within `timeout_s`; returns the seconds
    spent. Raises TimeoutError past the deadline (waiting for another builder included) and RuntimeError when the
    build fails. Sets TORCH_EXTENSIONS_DIR for this process, so DeepSpeed's own later load finds the build."""
    import deepspeed
    from deepspeed.accelerator import get_accelerator

    t0 = time.monotonic()
    builder = get_accelerator().create_op_builder("ShareMemCommBuilder")
    if builder is None or not deepspeed.ops.__compatible_ops__.get(builder.NAME, False):
        return 0.0
    root = extensions_dir()
    try:
        os.makedirs(root, exist_ok=True)
    except OSError:  # a read-only home: a per-user folder under the temp dir
        root = os.path.join(tempfile.gettempdir(), f"tritonrl-torch-extensions-{os.getuid()}")
        os.makedirs(root, exist_ok=True)
    os.environ["TORCH_EXTENSIONS_DIR"] = root
    deadline = t0 + timeout_s
    flock = _take_flock(os.path.join(root, FLOCK_NAME), deadline)
    for folder, _, files in os.walk(root):
        if "lock" in files:  # left by a killed build (see the module docstring)
            log.warning("removing a stale build lock %s", os.path.join(folder, "lock"))
            os.remove(os.path.join(folder, "lock"))
    err: list[BaseException] = []

    def build():
        try:
            builder.load(verbose=False)
        except BaseException as e:  # reported below
            err.append(e)

    t = threading.Thread(target=build, daemon=True)
    t.start()
    t.join(max(0.0, deadline - time.monotonic()))
    if t.is_alive():
        _held_on_timeout.append(flock)  # keep others out while this build may still write there
        raise TimeoutError(f"DeepSpeed op build ({builder.NAME}) under {root!r} took over {timeout_s:.0f} s "
                           "(TRITONRL_EXT_BUILD_TIMEOUT)")
    flock.close()
    if err:
        raise RuntimeError(f"DeepSpeed op build ({builder.NAME}) under {root!r} failed: {err[0]}") from err[0]
    return time.monotonic() - t0
