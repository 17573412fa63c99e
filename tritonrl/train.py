"""`tritonrl train`: the Hydra entrypoint (what `ray job submit` runs).

Order: Hydra composes the config -> typed `Config` -> `config_checks.validate` and `resume.resume_root`; a bad
value (or a learner.resume naming no checkpoint) exits 2 with one line naming the key and the allowed values,
before Ray or any model starts. Then the `tritonrl` loggers get `log_level` (WARNING: quiet) and the Trainer
runs. The last lines on stderr are the held-out correctness, the MLflow run id and the command that opens the
MLflow UI on it.
"""
from __future__ import annotations

import logging
import sys

import hydra
from hydra.core.config_store import ConfigStore
from omegaconf import DictConfig

from tritonrl.config import Config, ConfigError, to_dataclass
from tritonrl.config_checks import validate
from tritonrl.presets import chosen_preset, warn_if_laptop_on_gpus
from tritonrl.resume import resume_root

ConfigStore.instance().store(name="tritonrl_schema", node=Config)


def bad_config(e: Exception) -> None:
    print(f"tritonrl train: bad config: {e}", file=sys.stderr)
    sys.exit(2)


def run_summary(cfg: Config, run_id: str | None) -> str:
    """Where to find the run: its MLflow id and the command that opens the UI on its store."""
    from tritonrl.tracking import default_tracking_uri

    uri = default_tracking_uri(cfg.tracking)
    ui = f"mlflow ui --backend-store-uri {uri}" if not uri.startswith("http") else uri
    return f"mlflow run {run_id} (experiment {cfg.tracking.experiment!r}); review: {ui}"


@hydra.main(config_path="pkg://tritonrl.conf", config_name="config", version_base=None)
def main(node: DictConfig) -> float:
    try:
        cfg: Config = validate(to_dataclass(node))
        resume_root(cfg)  # learner.resume names a run with a checkpoint (a path that exists)
    except ConfigError as e:
        bad_config(e)
    logging.getLogger("tritonrl").setLevel(cfg.log_level)
    warn_if_laptop_on_gpus(chosen_preset())  # one warning line: preset=laptop where CUDA GPUs are visible
    from tritonrl.trainer import Trainer  # heavy imports after the config is known to be valid

    trainer = Trainer(cfg)
    try:
        results = trainer.run()
    except ConfigError as e:
        bad_config(e)
    print("held-out correctness: " + "  ".join(f"{k}={v:.3f}" for k, v in results.items()), file=sys.stderr)
    tracker = getattr(trainer, "tracker", None)
    if tracker is not None and tracker.run_id:
        print(run_summary(cfg, tracker.run_id), file=sys.stderr)
    return next((results[k] for k in ("rl", "sft", "base") if k in results), 0.0)  # the sweep objective


if __name__ == "__main__":
    main()
