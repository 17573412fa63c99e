"""The verifier's Ray actor. `VerifierWorker` is pinned to (a share of) one GPU, or to one CPU on a cluster
with no GPUs (the Triton interpreter). It owns `slots` Verifier instances (lanes) that share one
GPUShareLock, so lanes run correctness side by side and timing alone; each concurrent call borrows a free
lane. Candidate code runs only in the lanes' sandbox subprocesses, never in the actor. A lane that raises
(a verifier fault, never bad code) is replaced and the call answered with an error verdict. Verdicts
cross the Ray boundary as plain dicts. The pool front that spawns, feeds and replaces these actors is
pool.py; this module is what runs inside the actor process.
"""
from __future__ import annotations

import os
import queue

import ray

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.verdict import Verdict
from tritonrl.verifier_workers.verdict_cache import code_hash


class VerifierWorker:
    """Ray actor: `slots` Verifier instances, each concurrent call borrows one."""

    def __init__(self, verifier_cfg: VerifierConfig, extensions: ExtensionsConfig, device: str, slots: int):
        from tritonrl.verifier_workers.funnel.verifier import Verifier  # the actor's import, not the driver's
        from tritonrl.verifier_workers.gpu_lock import GPUShareLock

        # one lock per GPU: the lanes run correctness side by side, timing alone
        self.gpu_lock = GPUShareLock()
        self._make = lambda: Verifier(verifier_cfg, extensions, device, gpu_lock=self.gpu_lock)
        self.device = device
        self._free: queue.SimpleQueue = queue.SimpleQueue()
        self._all = [self._make() for _ in range(slots)]
        for v in self._all:
            self._free.put(v)

    def ready(self) -> dict:
        return {"pid": os.getpid(), "node": ray.util.get_node_ip_address(), "gpu_ids": ray.get_gpu_ids(),
                "device": self.device}

    def hold_timing(self, seconds: float) -> float:
        """Keep the timing stage off this GPU for up to `seconds` (0 lifts it); see GPUShareLock.hold.
        Called in the "control" concurrency group, so it is served while every lane is busy."""
        self.gpu_lock.hold(seconds)
        return self.timing_hold_left()

    def timing_hold_left(self) -> float:
        return self.gpu_lock._held()

    def verify(self, task: Task, code: str) -> dict:
        """A Verdict as a plain dict: plain data across the Ray boundary, rebuilt by the driver."""
        v = self._free.get()
        try:
            return v.verify(task, code).to_dict()
        except Exception as e:  # the Verifier never raises for bad code: this is a verifier fault
            try:
                v.close()
                fresh = self._make()
                self._all = [fresh if x is v else x for x in self._all]
                v = fresh
            except Exception:
                pass
            err = " ".join(f"verifier error: {type(e).__name__}: {e}".split())[:300]
            return Verdict(task=task.name, code_hash=code_hash(code), error=err, device=self.device).to_dict()
        finally:
            self._free.put(v)

    def close(self) -> None:
        for v in self._all:
            try:
                v.close()
            except Exception:
                pass
