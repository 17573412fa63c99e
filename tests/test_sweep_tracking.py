"""Runs you can review: a `-m` sweep is one MLflow parent run with a child per cell, named and tagged from
the cell's overrides, each with the composed config as `config.yaml` (tritonrl/sweep.py, tracking.py); held-out
and rollout samples become MLflow tables and correct timed kernels a speedup histogram (sample_log.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from types import SimpleNamespace

import mlflow
import pytest

from tritonrl.config import RewardConfig, TrackingConfig
from tritonrl.sample_log import SampleLog, sample_rows
from tritonrl.sweep import RunContext
from tritonrl.tracking import Tracker, flatten, unflatten
from tritonrl.verifier_workers.verdict import Verdict

# a stand-in for Trainer.run: the real config tree, callbacks and Tracker, no Ray
APP = textwrap.dedent("""
    import hydra
    from tritonrl.config_checks import validate
    from tritonrl.config import ConfigError, to_dataclass
    from tritonrl.tracking import Tracker, flatten
    from tritonrl.train import bad_config  # and the schema node

    @hydra.main(config_path="pkg://tritonrl.conf", config_name="config", version_base=None)
    def main(node):
        try:
            cfg = validate(to_dataclass(node))
        except ConfigError as e:
            bad_config(e)
        tracker = Tracker(cfg.tracking, flatten(cfg))
        BARRIER_HERE
        tracker.log_metrics({"heldout/correct_rl": float(cfg.train.seed)}, step=1)
        tracker.finish("FINISHED")

    main()
""")


def run_app(tmp_path, *overrides: str, barrier: bool = False) -> subprocess.CompletedProcess:
    code = textwrap.indent(BARRIER, " " * 4) if barrier else ""
    (tmp_path / "app.py").write_text(APP.replace("    BARRIER_HERE\n", code))
    env = {**os.environ, "MLFLOW_TRACKING_URI": f"sqlite:///{tmp_path}/m.db", "BARRIER_DIR": str(tmp_path)}
    return subprocess.run([sys.executable, "app.py", *overrides, f"output_dir={tmp_path}/runs",
                           "tracking.experiment=sweep", "tracking.backends=[mlflow]"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


# a cell that waits for the other cell to start: a launcher that runs cells one after another never finishes
BARRIER = textwrap.dedent("""
    import os, pathlib, time
    here = pathlib.Path(os.environ["BARRIER_DIR"])
    (here / f"{cfg.train.seed}.pid").write_text(str(os.getpid()))
    deadline = time.monotonic() + 240
    while len(list(here.glob("*.pid"))) < 2:
        assert time.monotonic() < deadline, "the other cell never started: cells ran one after another"
        time.sleep(0.2)
""")


def runs_of(tmp_path):
    client = mlflow.MlflowClient(tracking_uri=f"sqlite:///{tmp_path}/m.db")
    exp = client.get_experiment_by_name("sweep")
    return client, client.search_runs([exp.experiment_id])


@pytest.mark.heavy
# joblib runs the cells side by side, as the ablation does; Hydra's basic launcher (one after another) in
# `make test-all` (~24 s)
@pytest.mark.parametrize("launcher", [pytest.param("basic", marks=pytest.mark.extended), "joblib"])
def test_multirun_is_a_parent_with_one_tagged_child_per_cell(tmp_path, launcher):
    # joblib: the cells run side by side in processes of their own (docs/cluster.md, concurrent sweeps)
    extra = ["hydra/launcher=joblib", "hydra.launcher.n_jobs=2"] if launcher == "joblib" else []
    proc = run_app(tmp_path, "-m", *extra, "train.seed=0,1", "reward.alpha=0.2", barrier=launcher == "joblib")
    assert proc.returncode == 0, proc.stderr[-3000:]
    client, runs = runs_of(tmp_path)
    parents = [r for r in runs if r.data.tags.get("sweep") == "parent"]
    children = [r for r in runs if "mlflow.parentRunId" in r.data.tags]
    assert len(parents) == 1 and len(children) == 2 and len(runs) == 3
    parent = parents[0]
    assert parent.info.status == "FINISHED"
    assert "reward.alpha=0.2" in parent.data.tags["overrides"]
    by_seed = {c.data.tags["override.train.seed"]: c for c in children}
    assert set(by_seed) == {"0", "1"}
    for seed, child in by_seed.items():
        assert child.data.tags["mlflow.parentRunId"] == parent.info.run_id
        assert child.data.tags["override.reward.alpha"] == "0.2"
        assert child.info.run_name == f"seed={seed}"  # what the sweep varies
        assert child.info.status == "FINISHED"
        config = client.download_artifacts(child.info.run_id, "config.yaml", str(tmp_path))
        import yaml

        composed = yaml.safe_load(open(config))
        assert composed["train"]["seed"] == int(seed) and composed["reward"]["alpha"] == 0.2


@pytest.mark.heavy
def test_a_sweep_with_a_bad_cell_exits_2_and_its_parent_is_failed(tmp_path):
    proc = run_app(tmp_path, "-m", "reward.baseline=grpo,ppo")
    assert proc.returncode == 2
    assert "reward.baseline must be grpo | rloo, got 'ppo'" in proc.stderr
    _, runs = runs_of(tmp_path)
    (parent,) = [r for r in runs if r.data.tags.get("sweep") == "parent"]
    assert parent.info.status == "FAILED"


@pytest.mark.heavy
@pytest.mark.extended  # ~22 s in CI; the e2e train run logs a single run too (tests/test_train_e2e.py)
def test_a_single_run_has_no_parent_but_its_overrides_as_tags(tmp_path):
    proc = run_app(tmp_path, "train.seed=3")
    assert proc.returncode == 0, proc.stderr[-3000:]
    _, runs = runs_of(tmp_path)
    (run,) = runs
    assert "mlflow.parentRunId" not in run.data.tags
    assert run.data.tags["override.train.seed"] == "3"


def test_run_context_names_a_cell_from_its_overrides():
    ctx = RunContext(overrides=["extensions.multi_input=false", "extensions.staged=true", "train.seed=1"],
                     parent_run_id="p", job_num=3, swept=["extensions.multi_input", "extensions.staged"])
    assert ctx.run_name == "multi_input=false staged=true"
    assert ctx.tags["override.extensions.multi_input"] == "false" and ctx.tags["mlflow.parentRunId"] == "p"
    assert RunContext(overrides=["a.b=1"]).run_name == ""  # not a sweep cell: MLflow names it


def test_unflatten_inverts_flatten():
    from tritonrl.config import Config

    params = flatten(Config())
    assert flatten(unflatten(params)) == params


def scored(task: str, correct: bool, speedup: float | None, violations=()):
    verdict = Verdict(task=task, code_hash="h", correct=correct, stage="full" if correct else "compile",
                      speedup=speedup, violations=list(violations))
    return SimpleNamespace(task=SimpleNamespace(name=task), sample=SimpleNamespace(text="```python\n...```"),
                           verdict=verdict, correctness=None, speed=None)


def test_sample_rows_hold_what_a_reviewer_reads():
    rows = sample_rows([scored("add", True, 1.5), scored("mul", False, None, ["cheat_x"])], "sft", 0,
                       RewardConfig(), staged=True)
    assert rows["task"] == ["add", "mul"] and rows["stage"] == ["full", "compile"]
    assert rows["violations"] == ["", "cheat_x"] and rows["speedup"][0] == 1.5
    assert rows["reward"][0] > rows["reward"][1]
    assert len({len(v) for v in rows.values()}) == 1


def test_sample_rows_say_where_verification_time_went():
    s = scored("add", True, 1.5)
    s.verdict.seconds = 3.0
    s.verdict.stages = {"static": {"passed": True, "seconds": 0.01},
                        "full": {"passed": True, "seconds": 2.5, "worker_calls": {"reference.run": [3, 1.25]}},
                        "timing": {"passed": False, "skipped": "no GPU: speedup is not measured"}}
    rows = sample_rows([s], "rl", 4, RewardConfig(), staged=True)
    assert rows["verify_s"] == [3.0]
    assert json.loads(rows["stage_s"][0]) == {"static": {"s": 0.01, "calls": {}},
                                              "full": {"s": 2.5, "calls": {"reference.run": [3, 1.25]}}}


def test_samples_table_and_speedup_histogram_are_logged(tmp_path):
    uri = f"sqlite:///{tmp_path}/m.db"
    tracker = Tracker(TrackingConfig(tracking_uri=uri, experiment="samples", backends=["mlflow"]), {"a": 1})
    log = SampleLog(tracker, RewardConfig(), staged=True)
    log.heldout([scored("add", True, 1.5), scored("mul", False, None)], "sft", 0)
    log.rollout([[scored("add", True, 2.0), scored("add", True, 0.8)]], 1)
    log.rollout([[scored("mul", False, None)]], 2)
    log.finish()
    run_id = tracker.run_id
    tracker.finish()
    client = mlflow.MlflowClient(tracking_uri=uri)
    plots = {a.path for a in client.list_artifacts(run_id, "plots")}
    assert {"plots/speedup_heldout_sft.png", "plots/speedup_rollouts.png"} <= plots
    table = json.load(open(client.download_artifacts(run_id, "samples/rollouts.json", str(tmp_path))))
    assert len(table["data"]) == 3  # two steps appended to one table
    assert {"task", "stage", "violations", "speedup", "reward"} <= set(table["columns"])
    assert {a.path for a in client.list_artifacts(run_id)} >= {"config.yaml", "samples"}


def test_no_histogram_without_timed_kernels(tmp_path):
    uri = f"sqlite:///{tmp_path}/m.db"
    tracker = Tracker(TrackingConfig(tracking_uri=uri, experiment="cpu", backends=["mlflow"]), {})
    SampleLog(tracker, RewardConfig(), staged=True).heldout([scored("add", True, None)], "base", 0)
    run_id = tracker.run_id
    tracker.finish()
    assert not mlflow.MlflowClient(tracking_uri=uri).list_artifacts(run_id, "plots")
