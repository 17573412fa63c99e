"""Config errors before Ray starts: every choice field, range and cross-field rule is checked right after
Hydra composes the config (tritonrl/config_checks.py); a bad value exits 2 with one line naming the key, the
value and the allowed values. A run that fails in setup is FAILED in MLflow; `log_level` quiets the loggers."""
from __future__ import annotations

import dataclasses
import logging
import os
import subprocess
import sys

import pytest
from hydra import compose, initialize_config_module

from tritonrl.config import Config, ConfigError, to_dataclass
from tritonrl.config_checks import CHOICES, LENGTHS, LIST_CHOICES, RANGES, lookup, validate


def composed(*overrides: str) -> Config:
    import tritonrl.train  # noqa: F401  (registers the schema node the defaults list names)

    with initialize_config_module("tritonrl.conf", version_base=None):
        return to_dataclass(compose("config", overrides=list(overrides)))


@pytest.mark.parametrize("overrides", [[], ["preset=gpu1"], ["preset=gpu", "model=qwen2.5-coder-7b"],
                                       ["preset=gpu", "model=qwen3-8b"], ["extensions=none"]])
def test_shipped_configs_validate(overrides):
    assert validate(composed(*overrides))


def test_every_checked_key_exists():
    cfg = Config()
    for key in [*CHOICES, *LIST_CHOICES, *RANGES, *LENGTHS]:
        lookup(cfg, key)  # AttributeError names a key the schema lost


def test_choice_lists_agree_with_their_consumers():
    from tritonrl.rollout.weight_sync import TRANSPORTS
    from tritonrl.verifier_workers.verdict import STAGES

    assert set(CHOICES["rollout.weight_sync"]) == {"auto", *TRANSPORTS}
    assert tuple(LIST_CHOICES["verifier.stages"]) == tuple(STAGES)


BAD = [
    ("reward.baseline=ppo", "reward.baseline", "'ppo'", "grpo | rloo"),
    ("rollout.weight_sync=foo", "rollout.weight_sync", "'foo'", "auto | object_store | nccl | ipc"),
    ("data.suite=kernelbnch", "data.suite", "'kernelbnch'", "builtin | kernelbench"),
    ("train.max_staleness=5", "train.max_staleness", "5", "0 | 1"),
    ("rollout.engine=tgi", "rollout.engine", "'tgi'", "auto | vllm | hf"),
    ("verifier.device=tpu", "verifier.device", "'tpu'", "auto | cpu | cuda"),
    ("learner.zero_stage=4", "learner.zero_stage", "4", "0 | 1 | 2 | 3"),
    ("model.dtype=fp16", "model.dtype", "'fp16'", "float16"),
    ("log_level=LOUD", "log_level", "'LOUD'", "WARNING"),
    ("verifier.stages=[static,tim]", "verifier.stages", "'tim'", "timing"),
    ("tracking.backends=[wandb]", "tracking.backends", "'wandb'", "mlflow | console"),
]


@pytest.mark.parametrize("override,key,value,allowed", BAD, ids=[b[0] for b in BAD])
def test_bad_choice_is_one_line_naming_key_value_and_choices(override, key, value, allowed):
    with pytest.raises(ConfigError) as e:
        validate(composed(override))
    msg = str(e.value)
    assert "\n" not in msg and key in msg and value in msg and allowed in msg


@pytest.mark.parametrize("override,key", [
    ("rollout.samples_per_prompt=0", "rollout.samples_per_prompt"),
    ("rollout.top_p=1.5", "rollout.top_p"),
    ("reward.partial_credit=[0,1]", "reward.partial_credit"),
    ("rollout.max_new_tokens=4096", "model.max_model_len"),  # laptop: max_model_len 2048
])
def test_ranges_and_cross_field_rules(override, key):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        validate(composed(override))


@pytest.mark.heavy
@pytest.mark.parametrize("override,key", [(b[0], b[1]) for b in BAD[:4]], ids=[b[0] for b in BAD[:4]])
def test_cli_exits_2_with_one_line_before_ray(override, key, tmp_path):
    """The CLI as users run it: exit 2, one stderr line, no Ray session and no MLflow store made."""
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    proc = subprocess.run([sys.executable, "-m", "tritonrl.cli", "train", override, f"output_dir={tmp_path}/runs",
                           f"tracking.tracking_uri=sqlite:///{tmp_path}/m.db"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tritonrl train: bad config: " + key), proc.stderr
    assert not (tmp_path / "m.db").exists()


def test_a_run_that_fails_in_setup_is_failed_in_mlflow(tmp_path, monkeypatch):
    """Setup raises after the MLflow run started (an unknown held-out task): the run is FAILED, not FINISHED."""
    import mlflow

    import tritonrl.trainer as trainer_mod

    monkeypatch.setattr(trainer_mod, "ensure_ray", lambda cfg: {"GPU": 0, "gpus": 0})
    cfg = Config()
    cfg.tracking = dataclasses.replace(cfg.tracking, tracking_uri=f"sqlite:///{tmp_path}/m.db", experiment="setup",
                                       backends=["mlflow"])
    cfg.data = dataclasses.replace(cfg.data, heldout=["no_such_task"])
    with pytest.raises(ConfigError, match="data.heldout"):
        trainer_mod.Trainer(cfg).run()
    client = mlflow.MlflowClient(tracking_uri=f"sqlite:///{tmp_path}/m.db")
    (run,) = client.search_runs([client.get_experiment_by_name("setup").experiment_id])
    assert run.info.status == "FAILED"
    assert mlflow.active_run() is None


def test_log_level_quiets_the_tritonrl_loggers(caplog):
    """log_level=WARNING (or $TRITONRL_LOG_LEVEL) hides the trainer's INFO lines and per-step metric lines."""
    from tritonrl.config import TrackingConfig
    from tritonrl.tracking import Tracker

    assert composed("log_level=WARNING").log_level == "WARNING"
    tracker = Tracker(TrackingConfig(backends=["console"]), {})
    logging.getLogger("tritonrl").setLevel("WARNING")
    try:
        tracker.log_metrics({"reward/mean": 0.5}, step=1)
        assert not [r for r in caplog.records if r.name == "tritonrl.metrics"]
        logging.getLogger("tritonrl").setLevel("INFO")
        tracker.log_metrics({"reward/mean": 0.5}, step=2)
        assert any("reward/mean=0.5" in r.getMessage() for r in caplog.records)
    finally:
        logging.getLogger("tritonrl").setLevel(logging.NOTSET)


def test_log_level_from_the_environment(monkeypatch):
    monkeypatch.setenv("TRITONRL_LOG_LEVEL", "ERROR")
    assert composed().log_level == "ERROR"
