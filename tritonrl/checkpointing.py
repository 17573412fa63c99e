"""A train run's checkpoints: save one (learner state + driver state + merged HF export) at each eval point and
at the end, and continue a run from one (`learner.resume`, tritonrl/resume.py).

What a resume restores: the learner's weights, optimizer and LR scheduler (DeepSpeed, learner/checkpoint.py),
per-rank RNG, the RL step counter, the policy version and the curriculum sampler (EMA, step count, draw RNG;
`trainer_state.json`). The resumed run is a new run (its own run directory and MLflow run, tagged
`resumed_from`); its RL steps continue the numbering: after step k comes k+1.
"""
from __future__ import annotations

import logging
import os
import time

from tritonrl.learner.export import export_hf
from tritonrl.resume import read_state

log = logging.getLogger(__name__)
EXPORT_DIR = "hf"  # under the run directory: the newest merged export (what `tritonrl eval eval.model=<run dir>` loads)


def save_point(trainer) -> str:
    """Save the learner's state with the driver's under trainer.ckpt_dir, then the merged HF export to
    `<run dir>/hf`; tag the MLflow run (hf_export, hf_export_step, checkpoint) and log
    `exports/step_NNNNNN.json` (where both went) as an artifact. Returns the export directory."""
    step = trainer.step
    state = {"policy_version": trainer.policy_version, "sampler": trainer.sampler.state_dict()}
    log.info("saving the learner's state (step %d) under %s ...", step, trainer.ckpt_dir)
    t0 = time.perf_counter()
    path = trainer.learner.checkpoint(trainer.ckpt_dir, step, state)
    t1 = time.perf_counter()
    trainer.timings["time/checkpoint_s"] = t1 - t0
    log.info("saved %s in %.1f s", path, t1 - t0)
    # the model a user takes away: transformers / vLLM load it
    hf = export_hf(trainer.learner.named_weights(), trainer.model_path, trainer.tokenizer,
                   os.path.join(trainer.run_dir, EXPORT_DIR))
    trainer.timings["time/export_s"] = time.perf_counter() - t1
    trainer.tracker.set_tags({"hf_export": hf, "hf_export_step": str(step), "checkpoint": path})
    trainer.tracker.log_dict({"step": step, "hf_export": hf, "checkpoint": path}, f"exports/step_{step:06d}.json")
    log.info("exported the merged model (step %d) to %s", step, hf)
    return hf


def restore(trainer, root: str) -> int:
    """Load the newest complete checkpoint under `root` into the learner and the driver; returns its step."""
    step = trainer.learner.resume(root)
    if not step:
        return 0
    state = read_state(root)
    if "sampler" in state:
        trainer.sampler.load_state_dict(state["sampler"])
    trainer.policy_version = int(state.get("policy_version", 0))
    trainer.tracker.set_tags({"resumed_from": os.path.abspath(root), "resumed_step": str(step)})
    log.info("resumed from %s at RL step %d (curriculum: %s)", root, step,
             {k: v for k, v in state.get("sampler", {}).items() if k != "rng"})
    return step
