"""`learner.resume=<run dir>`: a run continues another's RL step counter, optimizer state and curriculum.

The fast tests check which checkpoint a value names (and that a bad one is a one-line exit 2 before Ray);
the extended one runs `tritonrl train` for 1 RL step, then resumes it to step 3 with an eval point at step 2
(5m50s on the 2-core CPU: two runs' Ray/vLLM/DeepSpeed start-ups). CI's resume test resumes the e2e run
instead (tests/test_train_e2e.py: one extra run).
"""
import json
import os
import subprocess
import sys

import pytest

from tritonrl.config import Config, ConfigError, CurriculumConfig
from tritonrl.resume import COMPLETE, STATE_FILE, read_state, resume_root, tag_for
from tritonrl.tasks.curriculum import CurriculumSampler
from tritonrl.tasks.task import Task


def _cfg(resume, checkpoint_dir=""):
    cfg = Config()
    cfg.learner.resume = resume
    cfg.learner.checkpoint_dir = checkpoint_dir
    return cfg


def _fake_checkpoint(root, step, complete=True, state=None):
    tag = root / tag_for(step)
    tag.mkdir(parents=True)
    (tag / STATE_FILE).write_text(json.dumps({"step": step, **(state or {})}))
    if complete:
        (tag / COMPLETE).write_text(f"{step}\n")


def test_false_and_empty_start_fresh():
    for value in ("", "false", "False"):
        assert resume_root(_cfg(value)) is None


def test_true_means_checkpoint_dir_when_it_holds_one(tmp_path):
    with pytest.raises(ConfigError, match="learner.checkpoint_dir"):
        resume_root(_cfg("True"))
    assert resume_root(_cfg("True", str(tmp_path / "none_yet"))) is None  # a job's first start
    _fake_checkpoint(tmp_path / "ck", 4)
    assert resume_root(_cfg("true", str(tmp_path / "ck"))) == str(tmp_path / "ck")


def test_run_dir_resumes_its_newest_complete_checkpoint(tmp_path):
    run = tmp_path / "runs" / "2026-11-26_10-00-00"
    _fake_checkpoint(run / "checkpoints", 2, state={"sampler": {"updates": 2}})
    _fake_checkpoint(run / "checkpoints", 5, complete=False)  # interrupted save: never picked
    root = resume_root(_cfg(str(run)))
    assert root == str(run / "checkpoints")
    assert read_state(root) == {"step": 2, "sampler": {"updates": 2}}
    assert resume_root(_cfg(str(run / "checkpoints"))) == str(run / "checkpoints")  # the root itself


def test_a_resume_naming_nothing_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="no such directory"):
        resume_root(_cfg(str(tmp_path / "missing")))
    (tmp_path / "empty" / "checkpoints").mkdir(parents=True)
    with pytest.raises(ConfigError, match="no complete checkpoint"):
        resume_root(_cfg(str(tmp_path / "empty")))


def test_bad_resume_exits_2_with_one_line_before_ray(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "tritonrl.cli", "train", f"learner.resume={tmp_path}/nope",
                           f"output_dir={tmp_path}/runs", f"tracking.tracking_uri=sqlite:///{tmp_path}/m.db"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2, proc.stderr[-2000:]
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert lines == [f"tritonrl train: bad config: learner.resume={str(tmp_path / 'nope')!r}: no such directory "
                     "(give a run directory, e.g. runs/<date_time>, or true with learner.checkpoint_dir)"]
    assert not (tmp_path / "m.db").exists()


def test_sampler_state_round_trips_through_json():
    tasks = [Task(name=f"t{i}", level=1 + i % 2, reference_src="") for i in range(6)]
    cfg = CurriculumConfig()
    a = CurriculumSampler(tasks, cfg, True, seed=3)
    a.sample(2), a.update(0.5), a.sample(2)
    b = CurriculumSampler(tasks, cfg, True, seed=99)
    b.load_state_dict(json.loads(json.dumps(a.state_dict())))
    assert (b.level1_acc, b.updates) == (a.level1_acc, a.updates)
    assert [t.name for t in b.sample(3)] == [t.name for t in a.sample(3)]


# reward.truncated=keep: a step whose samples are all truncated still updates (the test counts optimiser steps)
COMMON = ["train.sft_epochs=0", "train.tasks_per_step=2", "rollout.samples_per_prompt=2", "reward.truncated=keep",
          "rollout.max_new_tokens=96", "eval.max_tasks=1", "tracking.experiment=resume"]


@pytest.mark.slow
@pytest.mark.extended
def test_resumed_run_continues_step_optimizer_and_curriculum(tmp_path):
    import mlflow

    db = f"sqlite:///{tmp_path}/mlruns.db"
    env = {**os.environ, "MLFLOW_TRACKING_URI": db}
    env.pop("RAY_ADDRESS", None)

    def train(*overrides):
        proc = subprocess.run([sys.executable, "-m", "tritonrl.cli", "train", *COMMON, *overrides],
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1200)
        assert proc.returncode == 0, proc.stderr[-4000:]

    train("train.rl_steps=1", f"output_dir={tmp_path}/a")
    (run_a,) = (tmp_path / "a").glob("*/checkpoints")
    run_a = run_a.parent
    train("train.rl_steps=3", "train.eval_every=2", f"learner.resume={run_a}", f"output_dir={tmp_path}/b")
    (run_b,) = [p.parent for p in (tmp_path / "b").glob("*/checkpoints")]

    client = mlflow.MlflowClient(tracking_uri=db)
    exp = client.get_experiment_by_name("resume")
    b, a = client.search_runs([exp.experiment_id], order_by=["attributes.start_time DESC"])
    assert a.info.status == b.info.status == "FINISHED"

    def history(run, key):
        return [(m.step, m.value) for m in client.get_metric_history(run.info.run_id, key)]

    # the step counter: run a took step 1; the resumed run's first step is 2
    assert [s for s, _ in history(a, "reward/mean")] == [1]
    assert [s for s, _ in history(b, "reward/mean")] == [2, 3]
    assert b.data.tags["resumed_step"] == "1"
    assert "heldout/correct_base" in a.data.metrics and "heldout/correct_base" not in b.data.metrics
    # the optimizer state: AdamW's step count continues (a fresh optimizer would count 1 at step 2)
    ((_, a_steps),) = history(a, "learner/optimizer_steps")
    assert a_steps >= 1
    assert history(b, "learner/optimizer_steps") == [(2, a_steps + 1), (3, a_steps + 2)]
    # the curriculum: the sampler had folded in step 1 before step 2
    assert history(b, "curriculum/steps") == [(2, 2.0), (3, 3.0)]
    state_a = read_state(str(run_a / "checkpoints"))
    state_b = read_state(str(run_b / "checkpoints"))
    assert (state_a["step"], state_a["sampler"]["updates"]) == (1, 1)
    assert (state_b["step"], state_b["sampler"]["updates"]) == (3, 3)
    # an eval point (step 2) and the end (step 3) each saved a checkpoint and the merged export
    tags = sorted(d.name for d in (run_b / "checkpoints").iterdir() if (d / COMPLETE).is_file())
    assert tags == [tag_for(2), tag_for(3)]
    assert (run_b / "hf" / "config.json").is_file()
    exports = {x.path for x in client.list_artifacts(b.info.run_id, "exports")}
    assert exports == {"exports/step_000002.json", "exports/step_000003.json"}
    assert b.data.tags["hf_export"] == str(run_b / "hf") and b.data.tags["hf_export_step"] == "3"
