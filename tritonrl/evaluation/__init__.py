"""Evaluation: the one code path that `tritonrl eval` and `train`'s eval points share.

metrics.py   verdicts -> per-sample outcomes -> KernelBench metrics per level (pure functions)
report.py    those metrics as a markdown table, the eval JSON document and flat tracker metric names
runner.py    tasks -> samples (rollout engines) -> verdicts (verifier pool) -> an EvalResult
tasksets.py  which tasks `tritonrl eval` evaluates (eval.tasks, eval.max_tasks)
main.py      the `tritonrl eval` Hydra entry point
"""
