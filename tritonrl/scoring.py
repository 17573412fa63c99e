"""Samples -> verdicts: parse each response, verify its code through the verifier pool (streamed), and give
an unparseable response its own verdict, so every sample is scored and none is dropped. Shared by `train`'s
rollouts and evaluation."""
from __future__ import annotations

from tqdm.auto import tqdm

from tritonrl.reward.experience import Scored, unparseable_verdict
from tritonrl.rollout.parsing import parse_response
from tritonrl.tasks.task import Task


def score_samples(pool, tokenizer, tasks: list[Task], samples_per_task) -> list[list[Scored]]:
    """One group of Scored per task, in task order, each sample with its verdict."""
    groups = [[Scored(t, s, parse_response(s.text, s.token_ids, tokenizer), None) for s in samples]
              for t, samples in zip(tasks, samples_per_task)]
    flat = [s for g in groups for s in g]
    to_verify = [(i, s) for i, s in enumerate(flat) if s.parsed.code]
    for s in flat:
        if not s.parsed.code:
            s.verdict = unparseable_verdict(s.task, s.parsed)
    stream = pool.verify_stream([(s.task, s.parsed.code) for _, s in to_verify])
    for j, verdict in tqdm(stream, total=len(to_verify), desc="verify", leave=False):
        to_verify[j][1].verdict = verdict
    return groups
