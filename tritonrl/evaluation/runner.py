"""One evaluation: tasks -> samples (rollout engines) -> verdicts (verifier pool) -> KernelBench metrics.

Contract: `run_eval(tasks, samples, engines, tokenizer, pool, rollout_cfg, temperature)` generates `samples`
responses per task (greedy when samples == 1 and temperature < 0; else temperature, rollout.temperature
when < 0), scores every one (tritonrl/scoring.py: unparseable ones count as failures) and returns an
EvalResult whose `levels` is metrics.summarize's dict; speed metrics are timed only where the pool runs on
a GPU. `log_result` sends the numbers and every answer with its verdict to a Tracker. `train` and
`tritonrl eval` both go through here.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from tritonrl.config import RolloutConfig
from tritonrl.evaluation.metrics import outcome, per_task_counts, summarize
from tritonrl.evaluation.report import Levels, tracker_metrics
from tritonrl.reward.experience import Scored
from tritonrl.rollout.driver import generate_spread
from tritonrl.rollout.engine import SamplingSpec
from tritonrl.rollout.prompts import build_prompt
from tritonrl.scoring import score_samples
from tritonrl.tasks.task import Task


@dataclass
class EvalResult:
    levels: Levels
    groups: list[list[Scored]]  # per task, its samples with their verdicts
    per_task: dict[str, tuple[int, ...]]  # {task: (samples, correct, valid, compiled)}: for paired comparisons
    n_tasks: int
    samples_per_task: int
    seconds: float


def sampling_for(rollout_cfg: RolloutConfig, samples: int, temperature: float = -1.0) -> SamplingSpec:
    if samples < 1:
        raise ValueError(f"eval samples must be >= 1, got {samples}")
    greedy = temperature == 0 or (temperature < 0 and samples == 1)
    temp = 0.0 if greedy else (temperature if temperature > 0 else rollout_cfg.temperature)
    return SamplingSpec(n=samples, max_new_tokens=rollout_cfg.max_new_tokens, temperature=temp,
                        top_p=1.0 if greedy else rollout_cfg.top_p, seed=None, logprobs=False)


def run_eval(tasks: list[Task], samples: int, engines: list, tokenizer, pool, rollout_cfg: RolloutConfig,
             temperature: float = -1.0) -> EvalResult:
    if not tasks:
        raise ValueError("no tasks to evaluate")
    t0 = time.perf_counter()
    spec = sampling_for(rollout_cfg, samples, temperature)
    prompts = [build_prompt(t, tokenizer) for t in tasks]
    groups = score_samples(pool, tokenizer, tasks, generate_spread(engines, prompts, spec))
    outcomes = [outcome(s.task.name, s.task.level, s.verdict) for g in groups for s in g]
    levels = summarize(outcomes, timed=getattr(pool, "device", "cpu") == "cuda")
    return EvalResult(levels, groups, per_task_counts(outcomes), len(tasks), samples, time.perf_counter() - t0)


def log_result(tracker, result: EvalResult, prefix: str, suffix: str, step: int, samples_dir: str) -> None:
    """Metrics as report.tracker_metrics names them; every answer, with its verdict, under `samples_dir`/."""
    tracker.log_metrics(tracker_metrics(result.levels, prefix, suffix), step=step)
    tracker.log_dict({"levels": result.levels, "per_task": result.per_task}, f"{samples_dir}.json")
    for g in result.groups:
        for i, s in enumerate(g):
            v = s.verdict
            note = f"\n\n<!-- correct={v.correct} stage={v.stage} speedup={v.speedup} error={v.error} -->\n"
            tracker.log_text(s.sample.text + note, f"{samples_dir}/{s.task.name}_{i}.md")
