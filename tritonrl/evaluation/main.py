"""`tritonrl eval`: the Hydra entry point (the config tree of `train`, plus the `eval` section).

It evaluates one model on one task set: eval.samples samples per task from the rollout engine (vLLM on a
GPU, transformers on a CPU, as `train` picks), verified by the verifier pool, then prints the markdown table
on stdout, writes eval.out (report.document) and logs the same numbers (`eval/...`) and every answer to an
MLflow run. Exit status 0; 2 with one line for a bad config. The model (eval.model): empty for model.path
(an HF directory, a hub id, or the embedded GGUF); an HF directory; or a `tritonrl train` run directory,
whose merged export `hf/` is used.
"""
from __future__ import annotations

import logging
import os
import sys

import hydra
from hydra.core.config_store import ConfigStore
from omegaconf import DictConfig

from tritonrl.config import Config, ConfigError, to_dataclass

ConfigStore.instance().store(name="tritonrl_schema", node=Config)
log = logging.getLogger(__name__)
EXPORT_DIR = "hf"  # a train run's merged Hugging Face export, under its run directory


def eval_model_path(cfg: Config) -> tuple[str, str]:
    """(local HF directory, the name the report gives it)."""
    from tritonrl.models import resolve_model

    if not cfg.eval.model:
        return resolve_model(cfg.model), cfg.model.name or cfg.model.path
    path = os.path.abspath(os.path.expanduser(cfg.eval.model))
    for cand in (path, os.path.join(path, EXPORT_DIR)):
        if os.path.isfile(os.path.join(cand, "config.json")):
            return cand, cfg.eval.model
    raise ConfigError(f"eval.model={cfg.eval.model!r}: neither an HF model directory (config.json) nor a run "
                      f"directory with an {EXPORT_DIR}/ export")


def evaluate(cfg: Config) -> dict:
    """Run the evaluation `cfg.eval` describes; returns the eval.out document."""
    import ray

    from tritonrl.cluster import ensure_ray
    from tritonrl.evaluation.report import document, markdown_table, write_json
    from tritonrl.evaluation.runner import log_result, run_eval
    from tritonrl.evaluation.tasksets import eval_tasks
    from tritonrl.models import load_tokenizer
    from tritonrl.rollout.engine import make_engines
    from tritonrl.tracking import Tracker, flatten
    from tritonrl.verifier_workers.pool import VerifierPool

    if cfg.eval.samples < 1:
        raise ConfigError(f"eval.samples must be >= 1, got {cfg.eval.samples}")
    if not cfg.eval.out:
        raise ConfigError("eval.out must name the JSON file to write")
    tasks = eval_tasks(cfg)
    model_path, model_name = eval_model_path(cfg)
    cluster = ensure_ray(cfg.ray)
    device = "cuda" if cluster.get("GPU", 0) > 0 else "cpu"
    tracker = Tracker(cfg.tracking, flatten(cfg))
    tracker.set_tags({"kind": "eval", "device": device, "model": model_name})
    status, pool, engines = "FAILED", None, []
    try:
        tokenizer = load_tokenizer(model_path)
        pool = VerifierPool(cfg.pool, cfg.verifier, cfg.extensions)
        engines = make_engines(cfg.rollout, model_path, device, dtype=cfg.model.dtype,
                               max_model_len=cfg.model.max_model_len, seed=cfg.train.seed)
        log.info("evaluating %s on %d tasks x %d samples (%s)", model_name, len(tasks), cfg.eval.samples, device)
        result = run_eval(tasks, cfg.eval.samples, engines, tokenizer, pool, cfg.rollout, cfg.eval.temperature)
        doc = document(result.levels, result.n_tasks, result.samples_per_task, model_name, result.per_task)
        path = write_json(doc, cfg.eval.out)
        log_result(tracker, result, "eval/", "", step=0, samples_dir="samples/eval")
        tracker.log_metrics({"time/eval_s": result.seconds}, step=0)
        tracker.log_dict(doc, "eval.json")
        print(markdown_table(result.levels), flush=True)  # the one thing on stdout
        log.info("wrote %s in %.0f s", path, result.seconds)
        status = "FINISHED"
        return doc
    finally:
        tracker.finish(status)
        if pool is not None:
            pool.shutdown()
        for e in engines:
            ray.kill(e)


@hydra.main(config_path="pkg://tritonrl.conf", config_name="config", version_base=None)
def main(node: DictConfig) -> None:
    cfg: Config = to_dataclass(node)
    try:
        evaluate(cfg)
    except ConfigError as e:
        print(f"tritonrl eval: bad config: {e}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
