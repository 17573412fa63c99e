"""One GPU per run when several runs share a host: the cells of a concurrent sweep
(`tritonrl train -m hydra/launcher=joblib hydra.launcher.n_jobs=4 ray.lease_one_gpu=true ...`).

Contract: `lease_one_gpu()` takes a free slot of a GPU of this host, by an exclusive `flock` on
`<lock_dir>/gpu<ID>.lock` (slot 0) or `gpu<ID>.<K>.lock` (slot K of `runs_per_gpu`), and narrows
CUDA_VISIBLE_DEVICES to that GPU, so the run's local Ray cluster sees it alone. Slots fill GPU by GPU: every
GPU's slot 0 before any slot 1, so runs spread before they stack. The lock is held for the life of the process
(the kernel drops it however the process ends: nothing stale is left). It must run before anything starts
CUDA or Ray. When every slot is held it waits, logging once, up to `timeout_s`, then raises GpuLeaseTimeout
with one line. A run in slot K > 0 then waits K x `stagger_s` before it returns: vLLM sizes its KV cache by
profiling the GPU's free memory at start-up, which other runs starting on the same GPU would disturb.
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


def slot_lock_name(gpu: str, slot: int) -> str:
    return f"gpu{gpu}.lock" if slot == 0 else f"gpu{gpu}.{slot}.lock"


def lease_one_gpu(lock_dir: str | None = None, timeout_s: float = 24 * 3600.0, poll_s: float = 5.0,
                  env: dict | None = None, dev: str = "/dev", runs_per_gpu: int = 1,
                  stagger_s: float = 0.0) -> str | None:
    """Hold a free slot of one GPU of this host and make that GPU the only visible one; None when the host
    has no GPU."""
    if runs_per_gpu < 1:
        raise ValueError(f"runs_per_gpu must be >= 1, got {runs_per_gpu}")
    env = os.environ if env is None else env
    ids = visible_gpu_ids(env, dev)
    if not ids:
        return None
    lock_dir = lock_dir or os.path.join(tempfile.gettempdir(), "tritonrl-gpu-lease")
    os.makedirs(lock_dir, exist_ok=True)
    deadline, waiting = time.monotonic() + timeout_s, False
    while True:
        for slot in range(runs_per_gpu):
            for gpu in ids:
                f = open(os.path.join(lock_dir, slot_lock_name(gpu, slot)), "a+")
                try:
                    fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    f.close()
                    continue
                _HELD.append(f)
                env["CUDA_VISIBLE_DEVICES"] = gpu
                log.info("leased GPU %s (slot %d of %d) of %s (pid %d)", gpu, slot, runs_per_gpu, ",".join(ids),
                         os.getpid())
                if slot and stagger_s > 0:
                    time.sleep(slot * stagger_s)
                return gpu
        if time.monotonic() >= deadline:
            raise GpuLeaseTimeout(f"no free GPU among {','.join(ids)} after {timeout_s:.0f} s "
                                  f"(every one is leased by another run; locks in {lock_dir})")
        if not waiting:
            log.info("every GPU (%s) is leased by another run: waiting for one", ",".join(ids))
            waiting = True
        time.sleep(poll_s)
