"""ensure_ray: a clear, quick error for a dead address; attaching to a `ray start --head` cluster.

Each case runs ensure_ray in a fresh subprocess: a process holds one Ray connection, and the pool tests
keep theirs for the whole session.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from tritonrl.cluster import _split_host_port

SUMMARY = "import json; from tritonrl.cluster import ensure_ray; print('SUMMARY ' + json.dumps(ensure_ray()))"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run(code: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=timeout)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(extra)
    return env


def test_address_forms():
    assert _split_host_port("10.0.0.5:6379") == ("10.0.0.5", 6379)
    assert _split_host_port("ray://head:10001") == ("head", 10001)
    assert _split_host_port("auto") is None
    with pytest.raises(ValueError, match="dashboard"):
        _split_host_port("http://127.0.0.1:8265")
    with pytest.raises(ValueError, match="host:port"):
        _split_host_port("nonsense")


def test_unreachable_address_fails_fast_with_one_line():
    port = _free_port()  # nothing listens there
    # a hang would hit the subprocess timeout (Ray itself retries for minutes)
    proc = _run(SUMMARY, _env(RAY_ADDRESS=f"127.0.0.1:{port}"), timeout=60)
    assert proc.returncode != 0
    last = proc.stderr.strip().splitlines()[-1]
    assert "ClusterUnreachable" in last and f"no Ray cluster reachable at 127.0.0.1:{port}" in last


@pytest.fixture
def head_cluster():
    """`ray start --head` in its own process group, loopback only, no token auth; stopped by pid after."""
    port, tmp = _free_port(), tempfile.mkdtemp(prefix="rayh", dir="/tmp")  # short: Unix socket paths
    ray_bin = shutil.which("ray", path=str(Path(sys.executable).parent)) or "ray"
    cmd = [ray_bin, "start", "--head", f"--port={port}", "--num-cpus=1", "--include-dashboard=false",
           "--disable-usage-stats", f"--temp-dir={tmp}", "--block"]
    env = _env(RAY_AUTH_MODE="disabled", RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0")
    log = open(os.path.join(tmp, "start.log"), "w")
    head = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and head.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        assert head.poll() is None, open(os.path.join(tmp, "start.log")).read()[-2000:]
        yield f"127.0.0.1:{port}"
    finally:
        head.send_signal(signal.SIGTERM)  # `ray start --block` stops its own children on SIGTERM
        try:
            head.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(head.pid, signal.SIGKILL)  # whatever of that group is left
        except ProcessLookupError:
            pass
        head.wait(timeout=10)
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.mark.slow
@pytest.mark.extended  # ~50 s in CI; there, tests/test_ray_job_submit.py's job attaches through RAY_ADDRESS
def test_attach_to_ray_start_head(head_cluster):
    # the `ray job submit` path: the job's driver finds its cluster through RAY_ADDRESS
    proc = _run(SUMMARY, _env(RAY_ADDRESS=head_cluster))
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout.split("SUMMARY ", 1)[1])
    assert summary["address"] == head_cluster
    assert summary["cpus"] == 1 and summary["gpus"] == 0 and summary["nodes"] == 1
    # the config path, and the cluster does work for us
    code = ("import ray; from tritonrl.cluster import ensure_ray; from tritonrl.config import RayConfig; "
            f"s = ensure_ray(RayConfig(address={head_cluster!r})); "
            "print('ANSWER', s['address'], ray.get(ray.remote(lambda: 6 * 7).remote()))")
    proc = _run(code, _env())
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert f"ANSWER {head_cluster} 42" in proc.stdout
