"""The sandbox process layer on its own: start, scrubbed env, crash/timeout containment, replacement.

Crash containment of real hostile candidates (segfaults, floods, leftover children...) goes through the
Verifier in test_funnel.py; here the worker is attacked from outside.
"""
import os
import signal

import pytest

from tritonrl.config import SandboxConfig
from tritonrl.verifier_workers.sandbox.supervisor import Sandbox, SandboxError


@pytest.fixture(scope="module")
def sandbox():
    sb = Sandbox("candidate", "cpu", SandboxConfig(startup_timeout_s=120), interpret=True)
    yield sb
    sb.close()


def test_secrets_are_not_inherited(sandbox, monkeypatch):
    monkeypatch.setenv("HF_TOKEN", "secret")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "secret")
    sandbox.restart()
    reply, _ = sandbox.call("ping")
    assert reply["ok"]
    assert not {"HF_TOKEN", "AWS_SECRET_ACCESS_KEY", "RAY_ADDRESS", "MLFLOW_TRACKING_URI"} & set(reply["env_keys"])
    assert "TRITON_INTERPRET" in reply["env_keys"]
    assert reply["pid"] != os.getpid()


def test_unknown_op_is_an_error_reply_not_a_death(sandbox):
    pid = sandbox.call("ping")[0]["pid"]
    reply, _ = sandbox.call("no_such_op")
    assert reply["ok"] is False and "no_such_op" in reply["error"]
    assert sandbox.call("ping")[0]["pid"] == pid


def test_segfault_is_contained_and_worker_replaced(sandbox):
    pid = sandbox.call("ping")[0]["pid"]
    os.kill(pid, signal.SIGSEGV)
    with pytest.raises(SandboxError) as e:
        sandbox.call("ping")
    assert e.value.kind in ("crash", "exit")
    assert sandbox.call("ping")[0]["pid"] != pid


def test_hang_times_out_and_process_group_is_killed(sandbox):
    pid = sandbox.call("ping")[0]["pid"]
    os.kill(pid, signal.SIGSTOP)  # a worker that never answers
    with pytest.raises(SandboxError) as e:
        sandbox.call("ping", timeout=1.0)
    assert e.value.kind == "timeout"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert sandbox.call("ping")[0]["ok"]


def test_clean_worker_is_reused(sandbox):
    sandbox.call("ping")
    starts = sandbox.starts
    assert sandbox.ensure_clean() is False
    assert sandbox.starts == starts


LANDLOCK_PROBE = '''
import os, socket
r = {}
def attempt(name, fn):
    try:
        fn()
        r[name] = "ok"
    except OSError as e:
        r[name] = e.errno
attempt("write_outside", lambda: open(OUTSIDE, "w").write("x"))
attempt("mkdir_outside", lambda: os.mkdir(OUTSIDE + ".d"))
attempt("write_inside", lambda: open("inside.txt", "w").write("x"))
attempt("write_shm", lambda: (open("/dev/shm/" + TAG, "w").write("x"), os.remove("/dev/shm/" + TAG)))
attempt("signal_parent", lambda: os.kill(os.getppid(), 0))
attempt("tcp_connect", lambda: socket.create_connection(("127.0.0.1", PORT), timeout=5).close())
raise RuntimeError("PROBE " + repr(r))
'''


def test_landlock_confines_code_that_reached_os(tmp_path):
    """If a candidate ever got past the static rules to `os`, the kernel still refuses it the outside world."""
    import ast
    import errno
    import socket

    from tritonrl.verifier_workers.sandbox.worker import landlock

    abi = landlock.abi_version()
    if abi < 1:
        pytest.skip("this kernel has no Landlock")
    server = socket.create_server(("127.0.0.1", 0))
    outside = tmp_path / "escaped.txt"
    src = f"OUTSIDE = {str(outside)!r}\nPORT = {server.getsockname()[1]}\nTAG = 'trl-probe-{os.getpid()}'\n"
    # no network namespace here, so only Landlock stands between the worker and the listening socket
    sb = Sandbox("candidate", "cpu", SandboxConfig(isolate_network=False), interpret=True)
    try:
        reply, _ = sb.call("load", {"key": "probe", "src": src + LANDLOCK_PROBE}, timeout=60)
        assert sb.landlock_abi == abi
    finally:
        sb.close()
        server.close()
    assert reply["ok"] is False and "PROBE" in reply["error"], reply
    seen = ast.literal_eval(reply["error"].split("PROBE ", 1)[1])
    assert seen["write_outside"] == errno.EACCES and seen["mkdir_outside"] == errno.EACCES
    assert not outside.exists()
    assert seen["write_inside"] == "ok" and seen["write_shm"] == "ok"
    if abi >= 4:
        assert seen["tcp_connect"] == errno.EACCES
    if abi >= 6:
        assert seen["signal_parent"] == errno.EPERM


def test_landlock_can_be_turned_off():
    sb = Sandbox("candidate", "cpu", SandboxConfig(landlock=False), interpret=True)
    try:
        assert sb.call("ping")[0]["ok"] and sb.landlock_abi == 0
    finally:
        sb.close()


def test_a_killed_supervisors_temp_dir_is_swept_by_the_next(tmp_path):
    """Ray kills an actor with SIGKILL: its sandboxes' temp dirs stay. The next supervisor process deletes the
    dirs of supervisors that are gone, never a live one's."""
    import subprocess
    import sys

    from tritonrl.verifier_workers.sandbox.supervisor import TMP_PREFIX, sweep_stale_dirs

    env = {**os.environ, "TMPDIR": str(tmp_path)}
    script = ("import sys, time\nfrom tritonrl.verifier_workers.sandbox.supervisor import Sandbox\n"
              "s = Sandbox('candidate', 'cpu')\ns.start()\nprint(s._tmp, flush=True)\ntime.sleep(600)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE, text=True)
    try:
        killed_dir = proc.stdout.readline().strip()
        assert os.path.basename(killed_dir).startswith(f"{TMP_PREFIX}{proc.pid}-candidate-")
    finally:
        proc.kill()
        proc.wait()
    live = tmp_path / f"{TMP_PREFIX}{os.getpid()}-reference-x"
    live.mkdir()
    assert os.path.isdir(killed_dir)
    assert sweep_stale_dirs(str(tmp_path)) == [os.path.basename(killed_dir)]
    assert not os.path.exists(killed_dir) and live.is_dir()
