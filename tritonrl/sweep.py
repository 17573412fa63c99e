"""MLflow structure for Hydra sweeps: one parent run per `tritonrl train -m ...`, one child run per cell.

Contract:
- `MlflowSweepCallback` (registered under `hydra.callbacks` in conf/config.yaml) creates the parent run when a
  multirun starts, through `MlflowClient` (no run becomes active in the launcher's process), and writes its
  id to `<hydra.sweep.dir>/mlflow_parent_run_id`, where every cell finds it, whichever process or node the
  launcher runs it on (a shared filesystem; $TRITONRL_MLFLOW_PARENT_RUN_ID for the same process). A failed
  cell marks the parent FAILED; the end of the sweep marks it FINISHED unless a cell failed.
- `run_context()` is what a run's tracker reads: the parent run id (a sweep cell), the cell's overrides
  (`override.<key>` tags and the run name) and the Hydra job number; empty outside Hydra.
"""
from __future__ import annotations

import atexit
import json
import logging
import os
from dataclasses import dataclass, field
from typing import Any

from hydra.experimental.callback import Callback

log = logging.getLogger(__name__)

PARENT_FILE = "mlflow_parent.json"  # {"run_id": ..., "swept": [the keys the sweep varies]}
PARENT_ENV = "TRITONRL_MLFLOW_PARENT_RUN_ID"
PARENT_TAG = "mlflow.parentRunId"  # what the MLflow UI nests runs by


@dataclass
class RunContext:
    """What Hydra knows about the current run, as MLflow wants it."""

    overrides: list[str] = field(default_factory=list)  # the cell's (or run's) command-line overrides
    parent_run_id: str | None = None  # set for a sweep cell
    job_num: int | None = None  # the cell's number within the sweep
    swept: list[str] = field(default_factory=list)  # the keys the sweep varies: they name the cell

    @property
    def run_name(self) -> str:
        """`multi_input=false staged=true` for a cell; empty otherwise (MLflow then picks a name)."""
        if self.parent_run_id is None:
            return ""
        name = " ".join(o.split("=", 1)[0].rsplit(".", 1)[-1] + "=" + o.split("=", 1)[1] for o in self.overrides
                        if "=" in o and o.split("=", 1)[0].lstrip("+~") in self.swept)
        return (name or f"cell {self.job_num}")[:250]

    @property
    def tags(self) -> dict[str, str]:
        tags = {f"override.{o.split('=', 1)[0]}": o.split("=", 1)[1][:5000] for o in self.overrides if "=" in o}
        if self.overrides:
            tags["overrides"] = " ".join(self.overrides)[:5000]
        if self.parent_run_id:
            tags[PARENT_TAG] = self.parent_run_id
            tags["sweep.job_num"] = str(self.job_num)
        return tags


def parent_file(sweep_dir: str) -> str:
    return os.path.join(sweep_dir, PARENT_FILE)


def read_parent(sweep_dir: str) -> dict:
    """{"run_id": ..., "swept": [...]} as the callback wrote it; {} when there is none."""
    try:
        with open(parent_file(sweep_dir)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {"run_id": os.environ[PARENT_ENV], "swept": []} if os.environ.get(PARENT_ENV) else {}


def swept_keys(overrides: list[str]) -> list[str]:
    """The keys of the sweep overrides (`train.seed=0,1`, `x=range(3)`, `x=choice(a,b)`) in a multirun's list."""
    from hydra.core.override_parser.overrides_parser import OverridesParser

    return [o.get_key_element().lstrip("+~") for o in OverridesParser.create().parse_overrides(overrides)
            if o.is_sweep_override()]


def run_context() -> RunContext:
    """The current Hydra job's overrides and sweep parent; an empty context outside a Hydra job."""
    from hydra.core.hydra_config import HydraConfig
    from hydra.types import RunMode

    if not HydraConfig.initialized():
        return RunContext()
    hc = HydraConfig.get()
    overrides = list(hc.overrides.task)
    if hc.mode != RunMode.MULTIRUN:
        return RunContext(overrides=overrides)
    parent = read_parent(hc.sweep.dir)
    return RunContext(overrides=overrides, parent_run_id=parent.get("run_id"), job_num=hc.job.num,
                      swept=parent.get("swept", []))


def mlflow_client(tracking: Any):
    """An MlflowClient on the run's store, and the experiment id (created when missing)."""
    from mlflow import MlflowClient

    from tritonrl.tracking import default_tracking_uri

    client = MlflowClient(tracking_uri=default_tracking_uri(tracking))
    exp = client.get_experiment_by_name(tracking.experiment)
    return client, exp.experiment_id if exp else client.create_experiment(tracking.experiment)


def end_parent(tracking: Any, run_id: str, status: str) -> None:
    """Mark the parent run `status` unless it has ended already (a failed cell ends it FAILED)."""
    client, _ = mlflow_client(tracking)
    if client.get_run(run_id).info.status == "RUNNING":
        client.set_terminated(run_id, status=status)


class MlflowSweepCallback(Callback):
    """Hydra callback: the sweep's MLflow parent run (see the module docstring)."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled

    def active(self, config: Any) -> bool:
        return self.enabled and "mlflow" in list(config.tracking.backends)

    def on_multirun_start(self, config: Any, **kwargs: Any) -> None:
        if not self.active(config):
            return
        sweep_dir = config.hydra.sweep.dir
        client, exp_id = mlflow_client(config.tracking)
        overrides = list(config.hydra.overrides.task)
        name = config.tracking.run_name or f"sweep {os.path.basename(str(sweep_dir))}"
        run = client.create_run(exp_id, run_name=name, tags={"sweep": "parent", "sweep.dir": str(sweep_dir),
                                                              "overrides": " ".join(overrides)[:5000]})
        os.makedirs(sweep_dir, exist_ok=True)
        with open(parent_file(sweep_dir), "w") as f:
            json.dump({"run_id": run.info.run_id, "swept": swept_keys(overrides)}, f)
        os.environ[PARENT_ENV] = run.info.run_id
        # a cell that exits (a bad config exits 2) skips Hydra's on_job_end and on_multirun_end
        atexit.register(end_parent, config.tracking, run.info.run_id, "FAILED")
        log.info("sweep parent run %s in %s", run.info.run_id, client.tracking_uri)

    def on_job_end(self, config: Any, job_return: Any, **kwargs: Any) -> None:
        from hydra.core.utils import JobStatus

        if not self.active(config) or job_return.status != JobStatus.FAILED:
            return
        parent = read_parent(config.hydra.sweep.dir) if str(config.hydra.mode).endswith("MULTIRUN") else {}
        if parent.get("run_id"):
            end_parent(config.tracking, parent["run_id"], "FAILED")

    def on_multirun_end(self, config: Any, **kwargs: Any) -> None:
        if not self.active(config):
            return
        parent = read_parent(config.hydra.sweep.dir)
        if parent.get("run_id"):
            end_parent(config.tracking, parent["run_id"], "FINISHED")
        os.environ.pop(PARENT_ENV, None)
