"""Optional LLM judge (TritonRL's functionality check): does the Triton code do the task's real work, or
does PyTorch do it while a kernel does something trivial? It reads the code as text only (it never runs it),
runs after the static and full stages, and is off by default (cfg.judge.enabled)."""
from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from dataclasses import dataclass

from tritonrl.config import JudgeConfig
from tritonrl.tasks.task import Task

PROMPT = """You review a Triton rewrite of a PyTorch program. Answer with one JSON object
{{"valid": true|false, "reason": "<one sentence>"}}.
valid = the Triton kernels perform the program's main computation; invalid = PyTorch ops (torch.nn,
torch.nn.functional, matmul, conv, ...) do the main work, or the kernel is trivial or never used.

### Reference (PyTorch)
{reference}

### Candidate
{code}
"""


# the answer's shape, sent as the response format when cfg.structured is on
SCHEMA = {"type": "object", "additionalProperties": False, "required": ["valid", "reason"],
          "properties": {"valid": {"type": "boolean"}, "reason": {"type": "string", "maxLength": 300}}}


@dataclass
class JudgeResult:
    ok: bool
    reason: str = ""


class LLMJudge:
    def judge(self, task: Task, code: str) -> JudgeResult:
        raise NotImplementedError


class NoJudge(LLMJudge):
    """The default: accepts everything (the runtime checks do the work)."""

    def judge(self, task: Task, code: str) -> JudgeResult:
        return JudgeResult(True, "no judge")


class OpenAIJudge(LLMJudge):
    """Any OpenAI-compatible chat endpoint (e.g. a vLLM server). Fails closed: an unusable answer or an
    unreachable endpoint rejects, with the reason, since a judge that is on must be heard."""

    def __init__(self, cfg: JudgeConfig):
        if not cfg.base_url or not cfg.model:
            raise ValueError("judge.kind=openai needs judge.base_url and judge.model")
        self.cfg = cfg

    def judge(self, task: Task, code: str) -> JudgeResult:
        body = {"model": self.cfg.model, "temperature": 0.0, "max_tokens": 200,
                "messages": [{"role": "user", "content": PROMPT.format(reference=task.reference_src, code=code)}]}
        if self.cfg.structured:
            body["response_format"] = {"type": "json_schema",
                                       "json_schema": {"name": "verdict", "schema": SCHEMA, "strict": True}}
        req = urllib.request.Request(self.cfg.base_url.rstrip("/") + "/chat/completions",
                                     data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        key = os.environ.get(self.cfg.api_key_env, "")
        if key:
            req.add_header("Authorization", f"Bearer {key}")
        try:
            with urllib.request.urlopen(req, timeout=self.cfg.timeout_s) as r:
                text = json.loads(r.read())["choices"][0]["message"]["content"]
        except (urllib.error.URLError, TimeoutError, OSError, KeyError, IndexError, ValueError) as e:
            return JudgeResult(False, f"judge unavailable: {type(e).__name__}: {e}"[:200])
        return parse_answer(text)


def parse_answer(text: str) -> JudgeResult:
    m = re.search(r"\{.*\}", text, re.S)
    if m:
        try:
            obj = json.loads(m.group(0))
            return JudgeResult(bool(obj.get("valid")), str(obj.get("reason", ""))[:200])
        except ValueError:
            pass
    return JudgeResult(False, f"unparseable judge answer: {text[:120]!r}")


def make_judge(cfg: JudgeConfig) -> LLMJudge:
    if not cfg.enabled or cfg.kind == "none":
        return NoJudge()
    if cfg.kind == "openai":
        return OpenAIJudge(cfg)
    raise ValueError(f"unknown judge kind {cfg.kind!r} (none | openai)")
