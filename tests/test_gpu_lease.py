"""Sweep cells run side by side each get a GPU of their own (tritonrl/gpu_lease.py): a lease narrows
CUDA_VISIBLE_DEVICES to one GPU no other run holds, waits when all are held, and gives up with one line."""
from __future__ import annotations

import pytest

from tritonrl import gpu_lease
from tritonrl.gpu_lease import GpuLeaseTimeout, lease_one_gpu, visible_gpu_ids


@pytest.fixture
def dev(tmp_path):
    d = tmp_path / "dev"
    d.mkdir()
    for name in ("nvidia0", "nvidia1", "nvidia2", "nvidiactl"):
        (d / name).touch()
    return str(d)


@pytest.fixture(autouse=True)
def release_leases():
    yield
    while gpu_lease._HELD:
        gpu_lease._HELD.pop().close()


def test_visible_ids_follow_cuda_visible_devices(dev):
    assert visible_gpu_ids({}, dev) == ["0", "1", "2"]
    assert visible_gpu_ids({"CUDA_VISIBLE_DEVICES": "2,0"}, dev) == ["2", "0"]
    assert visible_gpu_ids({"CUDA_VISIBLE_DEVICES": "-1"}, dev) == []


def test_each_run_gets_a_different_gpu_and_the_rest_wait(dev, tmp_path):
    locks = str(tmp_path / "locks")
    envs = [{"CUDA_VISIBLE_DEVICES": "0,2"} for _ in range(3)]
    first = lease_one_gpu(locks, env=envs[0], dev=dev)
    second = lease_one_gpu(locks, env=envs[1], dev=dev)
    assert {first, second} == {"0", "2"}
    assert envs[0]["CUDA_VISIBLE_DEVICES"] == first and envs[1]["CUDA_VISIBLE_DEVICES"] == second
    with pytest.raises(GpuLeaseTimeout, match="no free GPU among 0,2"):
        lease_one_gpu(locks, timeout_s=0.2, poll_s=0.05, env=envs[2], dev=dev)
    gpu_lease._HELD.pop(0).close()  # the first run ends: its GPU is free again
    assert lease_one_gpu(locks, env=envs[2], dev=dev) == first


def test_no_gpu_no_lease(tmp_path):
    env = {}
    assert lease_one_gpu(str(tmp_path / "locks"), env=env, dev=str(tmp_path)) is None
    assert "CUDA_VISIBLE_DEVICES" not in env


def test_runs_share_gpus_by_slot_spreading_before_stacking(dev, tmp_path):
    locks = str(tmp_path / "locks")
    envs = [{"CUDA_VISIBLE_DEVICES": "0,2"} for _ in range(5)]
    got = [lease_one_gpu(locks, env=e, dev=dev, runs_per_gpu=2) for e in envs[:4]]
    assert got == ["0", "2", "0", "2"]  # every GPU's first slot before any second slot
    with pytest.raises(GpuLeaseTimeout):
        lease_one_gpu(locks, timeout_s=0.2, poll_s=0.05, env=envs[4], dev=dev, runs_per_gpu=2)
    with pytest.raises(ValueError, match="runs_per_gpu"):
        lease_one_gpu(locks, env={}, dev=dev, runs_per_gpu=0)


def test_a_run_stacked_on_a_gpu_starts_later(dev, tmp_path, monkeypatch):
    slept = []
    monkeypatch.setattr(gpu_lease.time, "sleep", slept.append)
    locks = str(tmp_path / "locks")
    for _ in range(3):
        lease_one_gpu(locks, env={"CUDA_VISIBLE_DEVICES": "1"}, dev=dev, runs_per_gpu=3, stagger_s=7.0)
    assert slept == [7.0, 14.0]  # slot 0 at once, slot K after K x stagger
