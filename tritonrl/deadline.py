"""When a run with a wall-clock deadline must take its last RL step (`train.deadline_minutes`).

Contract: `last_step_now(elapsed_s, step_s, eval_s, deadline_s)` is True when, after the step about to run,
another step and then the final held-out evaluation would no longer fit before `deadline_s` (seconds since
the run started: setup, SFT and evaluations count). `step_s` are the RL steps' durations so far (the longest
of the last three is the estimate; none yet: 0), `eval_s` how long the last evaluation took. A job that a
scheduler kills at its time limit (a `ray job submit` with a timeout, a Slurm allocation, a device call)
then still ends with its final evaluation and checkpoint instead of losing them.
"""
from __future__ import annotations


def last_step_now(elapsed_s: float, step_s: list[float], eval_s: float, deadline_s: float) -> bool:
    if deadline_s <= 0:
        return False
    step = max(step_s[-3:], default=0.0)
    return elapsed_s + 2 * step + eval_s > deadline_s
