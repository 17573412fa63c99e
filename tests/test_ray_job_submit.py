"""`ray job submit --working-dir .` from the repo root against a real local Ray head (issue 22): the job imports
tritonrl from the uploaded working_dir (tritonrl/source_tree.py maps the top-level folders) and
`tritonrl verify ... --json` prints a correct verdict.

The head is this test's own `ray start --head --block` (free ports, its own temp dir, usage stats off, token
auth off) in a new session; teardown ends it and every process it started by pid, never `ray stop` (which
would end every Ray on the machine). Each step has a timeout: a stuck head or job fails the test, not CI."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a Ray head, a job and a `tritonrl verify` (35-75 s on 2 cores under load)

psutil = pytest.importorskip("psutil")
pytest.importorskip("ray")

from tritonrl.cluster import free_port

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
REF = "tests/corpus/ref/relu.py"
CAND = "tests/corpus/honest/relu__clean__elementwise_relu.py"
SUBMISSION = "tritonrl-working-dir-test"


def ray_env() -> dict[str, str]:
    """The job runs the `python`/`tritonrl` on the PATH `ray start` saw: this venv's."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RAY_ADDRESS", "RAY_API_SERVER_ADDRESS"))}
    env.update(PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", RAY_AUTH_MODE="disabled",
               RAY_USAGE_STATS_ENABLED="0", RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0")
    env.pop("PYTHONPATH", None)
    return env


def http_json(url: str, timeout: float = 10.0):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return json.loads(r.read().decode())


def http_text(url: str, timeout: float = 10.0) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return r.read().decode()


def end_tree(proc: subprocess.Popen, temp: str) -> None:
    """SIGTERM the head and every process it started (by pid: its descendants, and any process whose command
    line names this head's temp dir, in case one was reparented), then SIGKILL what is left after 5 s."""
    procs = {}
    try:
        head = psutil.Process(proc.pid)
        procs = {p.pid: p for p in [head, *head.children(recursive=True)]}
    except psutil.NoSuchProcess:
        pass
    for p in psutil.process_iter(["cmdline"]):
        if p.pid != os.getpid() and any(temp in arg for arg in (p.info["cmdline"] or ())):
            procs.setdefault(p.pid, p)
    procs = list(procs.values())
    for p in procs:
        try:
            p.send_signal(signal.SIGTERM)
        except psutil.NoSuchProcess:
            pass
    _, alive = psutil.wait_procs(procs, timeout=5)
    for p in alive:
        try:
            p.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(alive, timeout=10)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


@pytest.fixture
def ray_head():
    # a short temp dir: Ray's unix socket paths live under it (107-byte limit)
    temp = tempfile.mkdtemp(prefix="rayjob", dir="/tmp")
    dash = free_port()
    ports = {"--port": free_port(), "--dashboard-port": dash, "--ray-client-server-port": free_port(),
             "--node-manager-port": free_port(), "--object-manager-port": free_port(),
             "--dashboard-agent-listen-port": free_port(), "--dashboard-agent-grpc-port": free_port(),
             "--runtime-env-agent-port": free_port(), "--metrics-export-port": free_port()}
    cmd = [str(BIN / "ray"), "start", "--head", "--block", "--node-ip-address", "127.0.0.1",
           "--dashboard-host", "127.0.0.1", "--num-cpus", "1", "--num-gpus", "0", "--temp-dir", temp,
           "--disable-usage-stats", "--object-store-memory", str(100 * 2**20)]
    for k, v in ports.items():
        cmd += [k, str(v)]
    log = open(os.path.join(temp, "ray-start.log"), "w+")
    proc = subprocess.Popen(cmd, cwd=temp, env=ray_env(), stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        address = f"http://127.0.0.1:{dash}"
        deadline = time.monotonic() + 120
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"ray start exited {proc.returncode}:\n{log.read()[-3000:]}")
            try:
                # the head's job API, then the head node's job agent (a submission waits only 10 s for it)
                http_json(f"{address}/api/version", timeout=5)
                urllib.request.urlopen(f"http://127.0.0.1:{ports['--dashboard-agent-listen-port']}/",
                                       timeout=5).close()
                break
            except urllib.error.HTTPError:  # the agent answered (404 at /): it is up
                break
            except OSError:
                if time.monotonic() > deadline:
                    log.seek(0)
                    pytest.fail(f"the Ray head's job API or its agent did not answer in 120 s:\n"
                                f"{log.read()[-3000:]}")
                time.sleep(1)
        yield address
    finally:
        end_tree(proc, temp)
        log.close()
        shutil.rmtree(temp, ignore_errors=True)


def test_job_submit_with_the_repo_as_working_dir(ray_head):
    # the job prints where tritonrl came from, then the verdict: both from the uploaded copy of this checkout
    script = ("python -c 'import tritonrl, tritonrl.learner; print(\"TRITONRL_AT\", tritonrl.__file__, "
              f"tritonrl.learner.__file__)' && tritonrl verify {REF} {CAND} --device cpu --json --no-multi-input"
              # the job's driver finds its cluster through the RAY_ADDRESS Ray sets (tritonrl.cluster)
              " && python -c 'import json; from tritonrl.cluster import ensure_ray; "
              "print(\"SUMMARY\", json.dumps(ensure_ray()))'")
    cmd = [str(BIN / "ray"), "job", "submit", "--address", ray_head, "--submission-id", SUBMISSION,
           "--working-dir", ".", "--", "sh", "-c", script]
    for attempt in range(2):
        try:
            sub = subprocess.run(cmd, cwd=ROOT, env=ray_env(), capture_output=True, text=True, timeout=300,
                                 stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as e:
            pytest.fail(f"ray job submit did not end in 300 s:\n{(e.stdout or b'')[-3000:]!r}")
        # Ray's own answer when the head's agent is not registered yet: "please try again later"
        if sub.returncode == 0 or "No available agent" not in sub.stdout + sub.stderr:
            break
    assert sub.returncode == 0, sub.stdout[-3000:] + sub.stderr[-3000:]
    info = http_json(f"{ray_head}/api/jobs/{SUBMISSION}")
    logs = http_json(f"{ray_head}/api/jobs/{SUBMISSION}/logs")["logs"]
    assert info["status"] == "SUCCEEDED", (info.get("message"), logs[-3000:])

    (where,) = [line.split()[1:] for line in logs.splitlines() if line.startswith("TRITONRL_AT ")]
    # imported from Ray's unpacked working_dir (under the head's temp dir), not from this checkout
    init, learner = (Path(p) for p in where)
    assert not init.is_relative_to(ROOT), where
    assert init.parent.name == "tritonrl" and learner.parent.name == "learner"
    assert init.parent.parent == learner.parent.parent  # the repo layout, top-level learner/ folder

    (summary,) = [json.loads(line.split(" ", 1)[1]) for line in logs.splitlines() if line.startswith("SUMMARY ")]
    assert summary["nodes"] == 1 and summary["cpus"] >= 1 and summary["gpus"] == 0, summary
    verdicts = [json.loads(line) for line in logs.splitlines() if line.startswith("{")]
    assert len(verdicts) == 1, logs[-3000:]
    assert verdicts[0]["correct"] is True and verdicts[0]["task"] == "relu"
    assert verdicts[0]["device"] == "cpu"
