"""The sandbox and the verifier's own integrity: a candidate that patches the verifier or the watch's state,
closes the worker's reply pipe, leaves a daemon behind, or runs past the verification's time budget gets a
rejecting verdict, and the next candidate gets a clean worker.
"""
import os

import pytest

from tritonrl.config import ExtensionsConfig, SandboxConfig, VerifierConfig
from tritonrl.verifier_workers.funnel.verifier import Verifier
from tritonrl.verifier_workers.sandbox.supervisor import Sandbox, SandboxError

from helpers import PATCH_ALLCLOSE, RELU_SMALL_HONEST, RELU_SMALL_TASK, TASK, model


def test_worker_restarted_after_patching_cheat(unchecked):
    unchecked.verify(RELU_SMALL_TASK, PATCH_ALLCLOSE)
    verdict = unchecked.verify(RELU_SMALL_TASK, RELU_SMALL_HONEST)
    assert verdict.correct and not verdict.violations, verdict.error


CLOSE_REPLY_PIPE = '''
import os, sys
fd = int(sys.argv[sys.argv.index("--fd-out") + 1])
os.dup2(os.open(os.devnull, os.O_WRONLY), fd)
'''


SET_PAUSE = '''
import sys
sys.modules["tritonrl.verifier_workers.sandbox.worker.watch"]._PAUSE[0] = 7
'''


@pytest.fixture()
def sandbox():
    sb = Sandbox("candidate", "cpu", SandboxConfig(startup_timeout_s=120), interpret=True)
    sb.exit_grace_s = 2.0
    yield sb
    sb.close()


def test_worker_that_closes_its_reply_pipe_is_a_crash(sandbox):
    pid = sandbox.call("ping")[0]["pid"]
    with pytest.raises(SandboxError) as e:
        sandbox.call("load", {"key": "x", "src": CLOSE_REPLY_PIPE}, timeout=60)
    assert e.value.kind == "crash"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert sandbox.call("ping")[0]["pid"] != pid


def test_integrity_sees_pause_written_in_place(sandbox):
    assert sandbox.call("integrity")[0]["clean"]
    assert sandbox.call("load", {"key": "p", "src": SET_PAUSE})[0]["ok"]
    reply, _ = sandbox.call("integrity")
    assert not reply["clean"] and "watch._PAUSE" in reply["changed"], reply


def test_reply_pipe_closed_by_candidate_gets_a_verdict(unchecked):
    verdict = unchecked.verify(TASK, model("return x", extra=CLOSE_REPLY_PIPE))
    assert not verdict.correct and "crash (reply_channel_closed)" in (verdict.error or ""), verdict.error


# a setsid double fork leaves a daemon under init: outside the worker's process group and descendants
SETSID_DAEMON = model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
pid = os.fork()
if pid == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", "300"])
    os._exit(0)
os.waitpid(pid, 0)
return out''', extra="\nimport os\n")


def test_setsid_daemon_is_found_and_killed(unchecked):
    verdict = unchecked.verify(TASK, SETSID_DAEMON)
    assert not verdict.correct and "child_process" in verdict.violations, (verdict.violations, verdict.error)
    assert not unchecked.runs.candidate.strays() and not unchecked.runs.compiler.strays()


@pytest.mark.heavy
def test_one_verification_has_a_time_budget():
    # each forward stays far inside its call's limit; together they exceed the verification's budget
    slow = model('''
time.sleep(2)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''', extra="\nimport time\n")
    cfg = VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True)
    cfg.sandbox.verify_timeout_s = 8.0
    with Verifier(cfg, ExtensionsConfig(), device="cpu") as v:
        verdict = v.verify(TASK, slow)
    assert not verdict.correct and "timeout" in (verdict.error or ""), verdict.error
    assert verdict.seconds < 60


def test_torch_settings_a_candidate_changed_do_not_reach_the_next_candidate(verifier):
    """A module that sets torch's default device to 'meta' at import is not caught by the integrity snapshot
    (honest code may change such settings, e.g. strict matmul precision), but the worker that ran it must not
    serve the next candidate: every later input would be a meta tensor (seen with warm corpus lanes)."""
    from tritonrl.tasks.suite import load_builtin

    task = next(t for t in load_builtin() if t.name == "relu")
    leaky = task.gold_src.replace("import triton.language as tl\n",
                                  "import triton.language as tl\ntorch.set_default_device('meta')\n", 1)
    assert leaky != task.gold_src
    verifier.verify(task, leaky)
    after = verifier.verify(task, task.gold_src)
    assert after.correct, after.error
