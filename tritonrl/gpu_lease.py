"""One GPU per run when several runs share a host: the cells of a concurrent sweep
(`tritonrl train -m hydra/launcher=joblib hydra.launcher.n_jobs=4 ray.lease_one_gpu=true ...`).

Contract: `lease_one_gpu()` takes the first GPU that no other run on this host holds, by an exclusive
`flock` on `<lock_dir>/gpu<ID>.lock`, and narrows CUDA_VISIBLE_DEVICES to it, so the run's local Ray cluster
sees that GPU alone. The lock is held for the life of the process (the kernel drops it however the process
ends: nothing stale is left). It must run before anything starts CUDA or Ray. When every GPU is held it waits,
logging once, up to `timeout_s`, then raises GpuLeaseTimeout with one line.
"""
from __future__ import annotations

import fcntl
import logging
import os
import tempfile
import time

from tritonrl.presets import visible_cuda_gpus

log = logging.getLogger(__name__)

_HELD: list = []  # the open lock files: closing one would release its GPU


class GpuLeaseTimeout(RuntimeError):
    pass


def visible_gpu_ids(env: dict | None = None, dev: str = "/dev") -> list[str]:
    """The ids CUDA_VISIBLE_DEVICES names (or 0..N-1 for every /dev/nvidiaN), in order."""
    env = os.environ if env is None else env
    n = visible_cuda_gpus(dev, env)
    listed = [d.strip() for d in env.get("CUDA_VISIBLE_DEVICES", "").split(",") if d.strip()]
    return (listed or [str(i) for i in range(n)])[:n]


def lease_one_gpu(lock_dir: str | None = None, timeout_s: float = 24 * 3600.0, poll_s: float = 5.0,
                  env: dict | None = None, dev: str = "/dev") -> str | None:
    """Hold one free GPU of this host and make it the only visible one; None when the host has no GPU."""
    env = os.environ if env is None else env
    ids = visible_gpu_ids(env, dev)
    if not ids:
        return None
    lock_dir = lock_dir or os.path.join(tempfile.gettempdir(), "tritonrl-gpu-lease")
    os.makedirs(lock_dir, exist_ok=True)
    deadline, waiting = time.monotonic() + timeout_s, False
    while True:
        for gpu in ids:
            f = open(os.path.join(lock_dir, f"gpu{gpu}.lock"), "a+")
            try:
                fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                f.close()
                continue
            _HELD.append(f)
            env["CUDA_VISIBLE_DEVICES"] = gpu
            log.info("leased GPU %s of %s (pid %d)", gpu, ",".join(ids), os.getpid())
            return gpu
        if time.monotonic() >= deadline:
            raise GpuLeaseTimeout(f"no free GPU among {','.join(ids)} after {timeout_s:.0f} s "
                                  f"(every one is leased by another run; locks in {lock_dir})")
        if not waiting:
            log.info("every GPU (%s) is leased by another run: waiting for one", ",".join(ids))
            waiting = True
        time.sleep(poll_s)
