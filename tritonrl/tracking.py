"""One fan-out to experiment trackers (MLflow, console), in the spirit of veRL's utils/tracking.py.

An MLflow run is named and tagged from its Hydra overrides and, in a `-m` sweep, nested under the sweep's
parent run (tritonrl/sweep.py); the resolved config is logged as params and as the artifact `config.yaml`.
The console backend writes through the `tritonrl.metrics` logger, so `log_level=WARNING` silences it.
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, is_dataclass
from typing import Any

from tritonrl.config import TrackingConfig


def flatten(d: Any, prefix: str = "") -> dict[str, Any]:
    """{"a": {"b": 1}} -> {"a.b": 1}; dataclasses and lists are flattened too (lists as JSON)."""
    if is_dataclass(d):
        d = asdict(d)
    out: dict[str, Any] = {}
    for k, v in d.items():
        key = f"{prefix}{k}"
        if is_dataclass(v) or isinstance(v, dict):
            out.update(flatten(v, key + "."))
        elif isinstance(v, (list, tuple)):
            out[key] = json.dumps(v)
        else:
            out[key] = v
    return out


def unflatten(flat: dict[str, Any]) -> dict[str, Any]:
    """flatten's inverse: {"a.b": 1} -> {"a": {"b": 1}}; JSON lists back to lists."""
    out: dict[str, Any] = {}
    for key, v in flat.items():
        node = out
        *parents, leaf = key.split(".")
        for p in parents:
            node = node.setdefault(p, {})
        if isinstance(v, str) and v.startswith("["):
            try:
                v = json.loads(v)
            except ValueError:
                pass
        node[leaf] = v
    return out


def default_tracking_uri(cfg: TrackingConfig) -> str:
    if cfg.tracking_uri:
        return cfg.tracking_uri
    # MLflow >= 3.17 refuses the file store by default; sqlite is the supported local store.
    return os.environ.get("MLFLOW_TRACKING_URI") or f"sqlite:///{os.path.abspath('mlruns.db')}"


class _MLflow:
    def __init__(self, cfg: TrackingConfig, params: dict[str, Any]):
        import mlflow

        self.mlflow = mlflow
        mlflow.set_tracking_uri(default_tracking_uri(cfg))
        mlflow.set_experiment(cfg.experiment)
        from tritonrl.sweep import run_context

        run_id = os.environ.get("MLFLOW_RUN_ID")  # attach to a run made by a launcher, as veRL does
        ctx = run_context()  # a sweep cell: nested under the sweep's parent run, named from its overrides
        self.run = mlflow.start_run(run_id=run_id, run_name=cfg.run_name or ctx.run_name or None,
                                    tags=ctx.tags or None)
        mlflow.log_dict(unflatten(params), "config.yaml")
        # MLflow caps a param value at 6000 chars and a batch at 100 params
        items = [(k, str(v)[:6000]) for k, v in params.items()]
        for i in range(0, len(items), 100):
            mlflow.log_params(dict(items[i:i + 100]))

    def log_metrics(self, metrics: dict[str, float], step: int) -> None:
        self.mlflow.log_metrics({k.replace("@", "_at_"): float(v) for k, v in metrics.items()}, step=step)

    def log_text(self, text: str, path: str) -> None:
        self.mlflow.log_text(text, path)

    def log_figure(self, fig, path: str) -> None:
        self.mlflow.log_figure(fig, path)

    def log_dict(self, d: dict, path: str) -> None:
        self.mlflow.log_dict(d, path)

    def log_table(self, columns: dict[str, list], path: str) -> None:
        self.mlflow.log_table(data=columns, artifact_file=path)  # appends rows when `path` exists

    def set_tags(self, tags: dict[str, str]) -> None:
        self.mlflow.set_tags(tags)

    def finish(self, status: str) -> None:
        self.mlflow.end_run(status=status)

    @property
    def run_id(self) -> str:
        return self.run.info.run_id


class _Console:
    def __init__(self, cfg: TrackingConfig, params: dict[str, Any]):
        self.log = logging.getLogger("tritonrl.metrics")

    def log_metrics(self, metrics: dict[str, float], step: int) -> None:
        shown = {k: v for k, v in metrics.items() if not k.startswith("time/")}
        text = "  ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in sorted(shown.items()))
        self.log.info("step %s  %s", step, text)

    def log_text(self, text: str, path: str) -> None: ...
    def log_figure(self, fig, path: str) -> None: ...
    def log_dict(self, d: dict, path: str) -> None: ...
    def log_table(self, columns: dict[str, list], path: str) -> None: ...
    def set_tags(self, tags: dict[str, str]) -> None: ...
    def finish(self, status: str) -> None: ...


_BACKENDS = {"mlflow": _MLflow, "console": _Console}


class Tracker:
    """Logs to every configured backend; an unknown backend name is a config error."""

    def __init__(self, cfg: TrackingConfig, params: dict[str, Any]):
        unknown = set(cfg.backends) - set(_BACKENDS)
        if unknown:
            raise ValueError(f"unknown tracking backend(s) {sorted(unknown)}; choose from {sorted(_BACKENDS)}")
        self.backends = [_BACKENDS[name](cfg, params) for name in cfg.backends]

    @property
    def run_id(self) -> str | None:
        return next((b.run_id for b in self.backends if isinstance(b, _MLflow)), None)

    def log_metrics(self, metrics: dict[str, float], step: int) -> None:
        for b in self.backends:
            b.log_metrics(metrics, step)

    def log_text(self, text: str, path: str) -> None:
        for b in self.backends:
            b.log_text(text, path)

    def log_dict(self, d: dict, path: str) -> None:
        for b in self.backends:
            b.log_dict(d, path)

    def log_figure(self, fig, path: str) -> None:
        for b in self.backends:
            b.log_figure(fig, path)

    def log_table(self, columns: dict[str, list], path: str) -> None:
        """One row per index of the equal-length `columns`; MLflow shows it in the run's Evaluation tab."""
        for b in self.backends:
            b.log_table(columns, path)

    def set_tags(self, tags: dict[str, str]) -> None:
        for b in self.backends:
            b.set_tags(tags)

    def finish(self, status: str = "FINISHED") -> None:
        for b in self.backends:
            b.finish(status)

