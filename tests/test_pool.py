"""The Ray verifier pool on the real funnel: streaming, ordering, the verdict cache, and requeue on actor death.

One local Ray cluster (2 CPUs) per session; one 2-actor pool shared by the TestPool class.
"""
from __future__ import annotations

import dataclasses
import threading
import time

import pytest

ray = pytest.importorskip("ray")

from tritonrl.config import ExtensionsConfig, PoolConfig, VerifierConfig  # noqa: E402
from tritonrl.tasks.suite import load_builtin  # noqa: E402
from tritonrl.verifier_workers.pool import WORKER_DIED, VerifierPool  # noqa: E402
from tritonrl.verifier_workers.verdict_cache import VerdictCache, cache_key, config_hash  # noqa: E402

BROKEN = "import torch\nclass ModelNew(:\n"  # a syntax error: stops at the static stage


@pytest.fixture(scope="session")
def ray_cluster(ray_session):
    return ray_session


@pytest.fixture(scope="module")
def tasks():
    return {t.name: t for t in load_builtin()}


@pytest.fixture(scope="module")
def shared_cache():
    return VerdictCache(256)


def _variant(code: str, tag: str) -> str:
    return f"{code}\n# {tag}\n"  # same kernel, new code hash: not in the cache


def _wait_for(cond, timeout: float = 120.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def _kill_when_busy(pool: VerifierPool, killed: list) -> None:
    """From another thread: kill the first actor seen with an item in flight."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        busy = [w for w in list(pool.workers) if w.inflight]
        if busy:
            ray.kill(busy[0].handle, no_restart=True)
            killed.append(busy[0])
            return
        time.sleep(0.02)


@pytest.fixture(scope="class")
def pool(ray_cluster, shared_cache):
    """Two CPU actors for TestPool; stopped after the class so later tests get the CPUs back."""
    # one input variant: the pool's streaming, requeues and holds do not depend on how many variants a
    # verification runs, and the full multi-input funnel tripled these tests' time (~3 of CI's 25 minutes)
    p = VerifierPool(PoolConfig(cpu_workers=2, max_retries=2), VerifierConfig(device="cpu"),
                     ExtensionsConfig(multi_input=False), cache=shared_cache)
    yield p
    p.shutdown()


@pytest.mark.slow
class TestPool:
    def test_stream_yields_every_index_once(self, pool, tasks):
        names = ["relu", "sigmoid", "row_sum"]  # two elementwise and a reduction: CI's time, not more kinds
        items = [(tasks[n], tasks[n].gold_src) for n in names]
        items += [(tasks["relu"], BROKEN), items[1]]  # a bad candidate and an in-batch duplicate
        before = pool.stats()
        got = list(pool.verify_stream(items))
        assert sorted(i for i, _ in got) == list(range(len(items)))
        verdicts = dict(got)
        for i, n in enumerate(names):
            assert verdicts[i].task == n and verdicts[i].correct, verdicts[i]
        bad, dup = len(names), len(names) + 1
        assert not verdicts[bad].correct and verdicts[bad].stage == "none" and verdicts[bad].error
        assert verdicts[dup].correct and verdicts[dup] is not verdicts[1]  # the duplicate gets its own object
        after = pool.stats()
        assert after["verified"] - before["verified"] == len(items) - 1  # the duplicate was verified once
        assert after["duplicates"] - before["duplicates"] == 1

    @pytest.mark.extended  # ~1 min; the stream test covers every index once (make test-all runs this)
    def test_verify_many_keeps_input_order(self, pool, tasks):
        names = ["scale_causal_softmax", "tanh", "layernorm", "relu"]  # slowest first: completion order differs
        items = [(tasks[n], _variant(tasks[n].gold_src, "order")) for n in names]
        verdicts = pool.verify_many(items)
        assert [v.task for v in verdicts] == names
        assert all(v.correct for v in verdicts)

    def test_cache_hit_on_repeat(self, pool, tasks):
        item = (tasks["gelu"], _variant(tasks["gelu"].gold_src, "cache"))
        first = pool.verify(*item)
        before = pool.stats()
        again = pool.verify(*item)
        after = pool.stats()
        assert after["cache_hits"] - before["cache_hits"] == 1
        assert after["verified"] == before["verified"]
        assert again.to_dict() == first.to_dict() and again is not first

    def test_pool_loses_nothing_when_an_actor_is_killed(self, pool, tasks):
        names = ["leaky_relu", "silu", "hardtanh", "row_max", "rmsnorm", "mul_add_relu", "silu_mul", "row_mean"]
        items = [(tasks[n], _variant(tasks[n].gold_src, "kill")) for n in names]
        before = pool.stats()
        stream = pool.verify_stream(items)
        got = [next(stream)]
        victim = next(w for w in pool.workers if w.inflight)  # an actor with an item in flight
        ray.kill(victim.handle, no_restart=True)
        got += list(stream)
        after = pool.stats()
        assert sorted(i for i, _ in got) == list(range(len(items)))
        assert all(v.correct for _, v in got), [(v.task, v.error) for _, v in got if not v.correct]
        assert after["worker_deaths"] - before["worker_deaths"] == 1
        assert after["requeues"] - before["requeues"] >= 1
        assert victim not in pool.workers and len(pool.workers) == 2  # a replacement took its place

    def test_timing_hold_reaches_busy_actors_and_stops_the_deadline_clock(self, pool, tasks):
        """hold_timing is served while every lane is verifying (its own concurrency group); while it holds,
        call deadlines stand still, so a call waiting on it is never taken for a hung actor."""
        items = [(tasks[n], _variant(tasks[n].gold_src, "hold")) for n in ("rmsnorm", "row_max", "silu", "relu")]
        # the kill test's replacement may still be starting: a stream would give it work only once it is up,
        # perhaps after the first actor had verified all four (a CI run: "the actors never got busy")
        assert pool.wait_ready()
        result: list = []
        stream = threading.Thread(target=lambda: result.extend(pool.verify_stream(items)))
        stream.start()
        try:
            assert _wait_for(lambda: all(w.inflight for w in pool.workers)), "the actors never got busy"
            t = time.monotonic()
            pool.hold_timing(30.0)
            assert time.monotonic() - t < 5.0  # not queued behind the verifications in flight
            left = ray.get([w.handle.timing_hold_left.remote() for w in pool.workers])
            # (that query waits behind the lanes: by now some holds may have run down, none lapsed)
            assert all(0 < x <= 30.0 for x in left), left
            c0 = pool._clock()
            time.sleep(0.3)
            assert pool._clock() - c0 < 0.05
        finally:
            pool.hold_timing(0)
            stream.join(300)
        t1 = pool._clock()
        time.sleep(0.2)
        assert pool._clock() - t1 >= 0.15  # lifted: the clock runs again
        assert sorted(i for i, _ in result) == [0, 1, 2, 3] and all(v.correct for _, v in result)
        assert ray.get([w.handle.timing_hold_left.remote() for w in pool.workers]) == [0.0, 0.0]

    def test_item_out_of_retries_gets_a_worker_died_verdict(self, pool, tasks):
        item = (tasks["relu"], _variant(tasks["relu"].gold_src, "die"))
        pool.pool_cfg.max_retries = 0  # the first death is final
        killed: list = []
        killer = threading.Thread(target=_kill_when_busy, args=(pool, killed))
        killer.start()
        try:
            (i, v), = list(pool.verify_stream([item]))
        finally:
            killer.join()
            pool.pool_cfg.max_retries = 2
        assert len(killed) == 1
        assert i == 0 and not v.correct and v.error.startswith(WORKER_DIED)
        assert "verifier_worker_died" in v.flags
        assert pool.verify(*item).correct  # not cached: the next try verifies it for real


def test_config_changes_the_cache_key(tasks):
    t = tasks["relu"]
    base = config_hash(VerifierConfig(device="cpu"), ExtensionsConfig(), "cpu")
    assert config_hash(VerifierConfig(device="cpu"), ExtensionsConfig(), "cpu") == base
    assert config_hash(VerifierConfig(device="cpu"), ExtensionsConfig(multi_input=False), "cpu") != base
    assert config_hash(VerifierConfig(device="cpu", stages=["static", "compile", "full"]), ExtensionsConfig(), "cpu") != base
    assert config_hash(VerifierConfig(device="cpu"), ExtensionsConfig(), "cuda") != base
    moved = dataclasses.replace(t, sizes={"cpu": {"dim": 7}})
    assert cache_key(moved, t.gold_src, base) != cache_key(t, t.gold_src, base)


@pytest.mark.slow
@pytest.mark.extended  # a second pool (~33 s in CI); test_config_changes_the_cache_key covers the key itself
def test_cache_not_shared_across_configs(ray_cluster, tasks, shared_cache):
    """A verdict cached under one config is never served to a pool with another."""
    t = tasks["sigmoid"]
    code = _variant(t.gold_src, "configs")
    other = ExtensionsConfig(multi_input=False)
    from tritonrl.verifier_workers.verdict import Verdict

    planted = Verdict(task=t.name, code_hash="x", error="planted under the default config")
    shared_cache.put(cache_key(t, code, config_hash(VerifierConfig(device="cpu"), ExtensionsConfig(), "cpu")), planted)
    with VerifierPool(PoolConfig(cpu_workers=1), VerifierConfig(device="cpu"), other, cache=shared_cache) as pool:
        v = pool.verify(t, code)
        assert v.correct and v.error is None
        assert pool.stats()["cache_hits"] == 0 and pool.stats()["verified"] == 1
        assert pool.verify(t, code).correct and pool.stats()["cache_hits"] == 1  # its own config does hit
