"""The verifier pool's front: it spawns the Ray actors (verifier_actor.py) and streams their verdicts.

`VerifierPool` places one actor per GPU (or `pool.cpu_workers` on a cluster with no GPUs), keeps each
actor's queue at most as deep as its concurrency (a slow kernel never holds up work another actor could
take), yields verdicts as they complete, caches them (verdict_cache.py), verifies in-batch duplicates
once, and re-queues the work of an actor that dies or hangs onto a replacement: every item gets a Verdict,
none is lost, nothing raises to the caller.
"""
from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterator

import ray
from ray.exceptions import ObjectLostError, RayActorError, RayTaskError, WorkerCrashedError
from tqdm.auto import tqdm

from tritonrl.cluster import ensure_ray
from tritonrl.config import ExtensionsConfig, PoolConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.verdict import Verdict
from tritonrl.verifier_workers.verdict_cache import VerdictCache, cache_key, code_hash, config_hash
from tritonrl.verifier_workers.verifier_actor import VerifierWorker

WORKER_DIED = "verifier worker died"  # prefix of the error of an item that ran out of re-queues
_LOST = (RayActorError, WorkerCrashedError, ObjectLostError)  # the actor process is gone: re-queue
_POLL_S = 2.0  # how often a waiting stream checks call deadlines
GPU_LANES = 4  # verifier lanes per GPU actor when pool.sandboxes_per_worker is 0


def worker_died_verdict(task: Task, code: str, device: str, reason: str) -> Verdict:
    return Verdict(task=task.name, code_hash=code_hash(code), error=f"{WORKER_DIED}: {reason}"[:300],
                   flags=["verifier_worker_died"], device=device)


# "control": hold_timing is served even while every lane is busy (Ray allows groups only here, not in .options)
_RemoteWorker = ray.remote(concurrency_groups={"control": 1})(VerifierWorker)


# ---------------------------------------------------------------------------------------------- front
@dataclass(eq=False)
class _Job:
    key: tuple
    task: Task
    code: str
    indices: list[int]  # the batch positions this job answers (duplicates share one job)
    attempts: int = 0  # actor deaths this job has been through
    orphan: bool = False  # its stream was closed early: cache the verdict, yield nothing


@dataclass(eq=False)
class _Worker:
    handle: Any
    name: str
    ready_ref: Any
    started_at: float
    ready: bool = False
    inflight: dict = field(default_factory=dict)  # ObjectRef -> (_Job, deadline)


class VerifierPool:
    def __init__(self, pool_cfg: PoolConfig | None = None, verifier_cfg: VerifierConfig | None = None,
                 extensions: ExtensionsConfig | None = None, *, cache: VerdictCache | None = None,
                 progress: bool = False):
        self.pool_cfg = pool_cfg or PoolConfig()
        self.verifier_cfg = verifier_cfg or VerifierConfig()
        self.extensions = extensions or ExtensionsConfig()
        self.progress = progress
        cluster = ensure_ray()
        self.device = _resolve_device(self.verifier_cfg.device, cluster["gpus"])
        self.config_hash = config_hash(self.verifier_cfg, self.extensions, self.device)
        self.cache = cache if cache is not None else VerdictCache(self.pool_cfg.cache_size)
        # lanes per actor: several on a GPU (compile and correctness overlap, timing is exclusive), one per CPU
        lanes = self.pool_cfg.sandboxes_per_worker or (GPU_LANES if self.device == "cuda" else 1)
        self.slots = max(1, int(lanes))
        self._options, n = self._placement(cluster)
        sb = self.verifier_cfg.sandbox
        self.startup_timeout_s = 2 * sb.startup_timeout_s + 60.0
        # last-resort guard against a hung actor; the funnel's own per-stage timeouts come first
        self.call_timeout_s = 2 * (sum(sb.stage_timeout_s.values()) + 2 * sb.startup_timeout_s)
        self._lock = threading.Lock()
        self._closed = False
        self._seq = 0
        self._failed_starts = 0  # consecutive replacements that did not come up
        self._held_s, self._held_from, self._held_until = 0.0, None, 0.0  # timing holds (hold_timing)
        self._stats = dict(verdicts=0, verified=0, cache_hits=0, duplicates=0, requeues=0, worker_deaths=0,
                           replacements=0, worker_died_verdicts=0, busy_s=0.0)
        self.workers: list[_Worker] = [self._spawn() for _ in range(n)]
        self._await_startup(self.workers)

    # ------------------------------------------------------------------ actors
    def _placement(self, cluster: dict) -> tuple[dict, int]:
        p = self.pool_cfg
        if self.device == "cuda":
            n = p.num_workers or max(1, int(cluster["gpus"] // p.num_gpus_per_worker))
            opts = {"num_cpus": 1, "num_gpus": p.num_gpus_per_worker}
            if n * p.num_gpus_per_worker > cluster["gpus"] + 1e-9:
                raise ValueError(f"pool asks for {n} verifier workers x {p.num_gpus_per_worker} GPU but the Ray "
                                 f"cluster has {cluster['gpus']:g} GPUs; lower pool.num_workers")
        else:
            n = p.num_workers or p.cpu_workers
            opts = {"num_cpus": 1}
        if n < 1:
            raise ValueError("the verifier pool needs at least one worker (pool.num_workers / pool.cpu_workers)")
        if n > cluster["cpus"]:
            raise ValueError(f"pool asks for {n} verifier workers x 1 CPU but the Ray cluster has "
                             f"{cluster['cpus']:g} CPUs; lower pool.num_workers / pool.cpu_workers")
        opts.update(max_concurrency=self.slots, max_restarts=0, max_task_retries=0)
        return opts, n

    def _spawn(self) -> _Worker:
        self._seq += 1
        handle = _RemoteWorker.options(**self._options).remote(
            self.verifier_cfg, self.extensions, self.device, self.slots)
        left = self._held_until - time.monotonic() if self._held_from is not None else 0.0
        if left > 0:  # a replacement joins the hold in force
            handle.hold_timing.options(concurrency_group="control").remote(left)
        return _Worker(handle, f"verifier-{self._seq}", handle.ready.remote(), time.monotonic())

    def _await_startup(self, workers: list[_Worker]) -> None:
        refs = [w.ready_ref for w in workers]
        done, _ = ray.wait(refs, num_returns=len(refs), timeout=self.startup_timeout_s)
        for w in workers:
            if w.ready_ref not in done:
                continue
            try:
                ray.get(w.ready_ref)
                w.ready = True
            except Exception as e:
                self.shutdown()
                raise RuntimeError(f"verifier worker failed to start: {_first_line(e)}") from None
        if len(done) < len(refs):
            self.shutdown()
            raise RuntimeError(f"only {len(done)} of {len(refs)} verifier workers started within "
                               f"{self.startup_timeout_s:.0f} s (cluster resources now: {ray.available_resources()})")

    def _lose(self, w: _Worker, reason: str, pending: deque) -> list[list[tuple[int, Verdict]]]:
        """The actor is dead, hung or never came up: kill it, start a replacement (unless replacements keep
        failing to start), and put its work back at the front of the line. A job out of re-queues is
        answered with a worker-died verdict, never dropped."""
        self._stats["worker_deaths"] += 1
        try:
            ray.kill(w.handle, no_restart=True)
        except Exception:
            pass
        if w in self.workers:
            self.workers.remove(w)
        if self._failed_starts <= max(2, self.pool_cfg.max_retries):
            self.workers.append(self._spawn())
            self._stats["replacements"] += 1
        jobs = [job for job, _ in w.inflight.values() if not job.orphan]
        w.inflight.clear()
        out = []
        for job in jobs:
            job.attempts += 1
            if job.attempts > self.pool_cfg.max_retries:
                out.append(self._give_up(job, f"{job.attempts} attempts; last: {reason}"))
            else:
                self._stats["requeues"] += 1
                pending.appendleft(job)
        return out

    def _give_up(self, job: _Job, reason: str) -> list[tuple[int, Verdict]]:
        self._stats["worker_died_verdicts"] += 1
        return self._finish(job, worker_died_verdict(job.task, job.code, self.device, reason), cache=False)

    # ------------------------------------------------------------------ public
    def verify_stream(self, items: list[tuple[Task, str]], progress: bool | None = None
                      ) -> Iterator[tuple[int, Verdict]]:
        """Yield (index, verdict) for every item exactly once, as verdicts complete."""
        if self._closed:
            raise RuntimeError("VerifierPool was shut down; create a new one")
        if not self._lock.acquire(blocking=False):
            raise RuntimeError("VerifierPool.verify_stream is already running; use one stream at a time")
        t0 = time.perf_counter()
        bar = tqdm(total=len(items), desc="verify", unit="kernel", leave=False,
                   disable=not (self.progress if progress is None else progress))
        try:
            jobs: dict[tuple, _Job] = {}
            hits: list[tuple[int, Verdict]] = []
            for i, (task, code) in enumerate(items):
                key = cache_key(task, code, self.config_hash)
                hit = self.cache.get(key)
                if hit is not None:
                    self._stats["cache_hits"] += 1
                    hits.append((i, hit))
                elif key in jobs:
                    self._stats["duplicates"] += 1
                    jobs[key].indices.append(i)
                else:
                    jobs[key] = _Job(key, task, code, [i])
            pending = deque(jobs.values())
            task_refs: dict[int, Any] = {}  # one object-store copy of each task per stream
            self._dispatch(pending, task_refs)  # actors start before the cache hits are handed out
            yield from self._emit(hits, bar)
            while pending or self._live_inflight():
                self._dispatch(pending, task_refs)
                for out in self._collect(pending):
                    yield from self._emit(out, bar)
        finally:
            for w in self.workers:  # a stream closed early: what still runs only feeds the cache
                for job, _ in w.inflight.values():
                    job.orphan = True
            bar.close()
            self._stats["busy_s"] += time.perf_counter() - t0
            self._lock.release()

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until every actor is up, replacements included (a stream only gives a starting actor work
        when none is up). True when all are; one that failed to start is left for the next stream to
        replace."""
        starting = [w for w in self.workers if not w.ready]
        if starting:
            refs = [w.ready_ref for w in starting]
            done, _ = ray.wait(refs, num_returns=len(refs), timeout=timeout or self.startup_timeout_s)
            for w in starting:
                if w.ready_ref in done:
                    try:
                        ray.get(w.ready_ref)
                        w.ready = True
                    except Exception:
                        pass
        return all(w.ready for w in self.workers)

    def hold_timing(self, seconds: float) -> None:
        """Keep the timing stage off the GPUs for up to `seconds` (0 lifts it): another role that shares
        them (the learner) is running kernels and would disturb the measurements. Correctness stages go
        on; a call waiting on a hold is not counted as hung. Safe to call from another thread than the one
        consuming `verify_stream`."""
        now = time.monotonic()
        if self._held_from is not None:  # the hold in force ends (or is renewed) now
            self._held_s += max(0.0, min(now, self._held_until) - self._held_from)
        self._held_from, self._held_until = (now, now + seconds) if seconds > 0 else (None, 0.0)
        refs = [w.handle.hold_timing.options(concurrency_group="control").remote(seconds) for w in list(self.workers)]
        if refs:
            ray.wait(refs, num_returns=len(refs), timeout=10.0)  # an actor that is gone is the stream's business

    def _clock(self) -> float:
        """Monotonic seconds that stand still while timing is held: the clock of call deadlines."""
        now = time.monotonic()
        held = self._held_s
        if self._held_from is not None:
            held += max(0.0, min(now, self._held_until) - self._held_from)
        return now - held

    def verify_many(self, items: list[tuple[Task, str]], progress: bool | None = None) -> list[Verdict]:
        """Verdicts in input order."""
        out: list[Verdict | None] = [None] * len(items)
        for i, v in self.verify_stream(items, progress=progress):
            out[i] = v
        return out  # type: ignore[return-value]

    def verify(self, task: Task, code: str) -> Verdict:
        return self.verify_many([(task, code)])[0]

    def stats(self) -> dict:
        s = dict(self._stats)
        s["verdicts_per_s"] = s["verdicts"] / s["busy_s"] if s["busy_s"] > 0 else 0.0
        s["verified_per_s"] = s["verified"] / s["busy_s"] if s["busy_s"] > 0 else 0.0
        s.update(workers=len(self.workers), device=self.device, cache_entries=len(self.cache))
        return s

    def shutdown(self) -> None:
        self._closed = True
        workers, self.workers = self.workers, []
        refs = [w.handle.close.remote() for w in workers if w.ready]
        if refs:
            ray.wait(refs, num_returns=len(refs), timeout=30.0)  # close sandboxes cleanly when possible
        for w in workers:
            try:
                ray.kill(w.handle, no_restart=True)
            except Exception:
                pass

    def __enter__(self) -> "VerifierPool":
        return self

    def __exit__(self, *exc) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ scheduling
    def _live_inflight(self) -> bool:
        return any(not job.orphan for w in self.workers for job, _ in w.inflight.values())

    def _dispatch(self, pending: deque, task_refs: dict[int, Any]) -> None:
        """Least-outstanding first, and an actor never holds more calls than it runs at once, so no item
        waits behind a slow kernel. Actors still starting get work only when none is up."""
        while pending:
            up = [w for w in self.workers if w.ready] or self.workers
            free = [w for w in up if len(w.inflight) < self.slots]
            if not free:
                return
            w = min(free, key=lambda w: len(w.inflight))
            job = pending.popleft()
            tref = task_refs.get(id(job.task))
            if tref is None:
                tref = task_refs[id(job.task)] = ray.put(job.task)
            wait = self.call_timeout_s + (0.0 if w.ready else self.startup_timeout_s)
            w.inflight[w.handle.verify.remote(tref, job.code)] = (job, self._clock() + wait)

    def _collect(self, pending: deque) -> list[list[tuple[int, Verdict]]]:
        """Wait for one call to finish (or a poll tick); return the (index, verdict) groups now final."""
        owner = {ref: w for w in self.workers for ref in w.inflight}
        starting = {w.ready_ref: w for w in self.workers if not w.ready}
        refs = list(owner) + list(starting)
        done, _ = ray.wait(refs, num_returns=1, timeout=_POLL_S) if refs else ([], [])
        out: list[list[tuple[int, Verdict]]] = []
        for ref in done:
            if ref in starting:
                out += self._started(starting[ref], pending)
                continue
            w = owner[ref]
            if ref not in w.inflight:  # already re-queued with the rest of a lost actor's work
                continue
            job, _ = w.inflight[ref]
            try:
                d = ray.get(ref)
            except _LOST as e:
                out += self._lose(w, _first_line(e), pending)
            except RayTaskError as e:  # the actor method itself failed: not the candidate's doing, no retry
                del w.inflight[ref]
                v = Verdict(task=job.task.name, code_hash=code_hash(job.code), device=self.device,
                            error=f"verifier error: {_first_line(e)}"[:300])
                out.append(self._finish(job, v, cache=False))
            else:
                del w.inflight[ref]
                self._stats["verified"] += 1
                v = Verdict.from_dict(d)
                out.append(self._finish(job, v, cache=not (v.error or "").startswith("verifier error")))
        now, clock = time.monotonic(), self._clock()
        for w in list(self.workers):
            if any(deadline < clock for _, deadline in w.inflight.values()):
                out += self._lose(w, f"hung: no verdict within {self.call_timeout_s:.0f} s", pending)
            elif not w.ready and now - w.started_at > self.startup_timeout_s:
                self._failed_starts += 1
                out += self._lose(w, f"not started within {self.startup_timeout_s:.0f} s", pending)
        if not self.workers:  # replacements keep failing: answer what is left rather than wait forever
            while pending:
                out.append(self._give_up(pending.popleft(), "no verifier worker could be started"))
        return out

    def _started(self, w: _Worker, pending: deque) -> list[list[tuple[int, Verdict]]]:
        try:
            ray.get(w.ready_ref)
        except Exception as e:
            self._failed_starts += 1
            return self._lose(w, f"did not start: {_first_line(e)}", pending)
        w.ready, self._failed_starts = True, 0
        return []

    def _finish(self, job: _Job, verdict: Verdict, cache: bool) -> list[tuple[int, Verdict]]:
        if cache:
            self.cache.put(job.key, verdict)
        if job.orphan:
            return []
        first, *rest = job.indices
        return [(first, verdict)] + [(i, Verdict.from_dict(verdict.to_dict())) for i in rest]

    def _emit(self, pairs: list[tuple[int, Verdict]], bar) -> Iterator[tuple[int, Verdict]]:
        for i, v in pairs:
            self._stats["verdicts"] += 1
            bar.update(1)
            yield i, v


def _resolve_device(requested: str, gpus: float) -> str:
    if requested == "auto":
        return "cuda" if gpus > 0 else "cpu"
    if requested == "cuda" and gpus <= 0:
        raise ValueError("verifier.device=cuda but the Ray cluster has no GPUs; use verifier.device=auto or cpu")
    if requested not in ("cpu", "cuda"):
        raise ValueError(f"verifier.device must be auto, cpu or cuda, got {requested!r}")
    return requested


def _first_line(e: BaseException) -> str:
    text = str(e).strip() or type(e).__name__
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return f"{type(e).__name__}: {lines[0] if lines else ''}"[:300]
