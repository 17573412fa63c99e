"""The sandbox process layer on its own: start, scrubbed env, crash/timeout containment, replacement.

Crash containment of real hostile candidates (segfaults, floods, leftover children...) goes through the
Verifier in test_funnel.py; here the worker is attacked from outside.
"""
import os
import signal

import pytest

from tritonrl.config import SandboxConfig
from tritonrl.verifier_workers.sandbox import Sandbox, SandboxError


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
