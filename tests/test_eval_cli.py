"""`tritonrl eval` end to end on the CPU (2 held-out tasks x 2 samples) and its one-line config errors."""
import json
import os
import subprocess
import sys

import pytest

from tritonrl.evaluation.metrics import METRIC_NAMES


def tritonrl(args, tmp_path, timeout):
    env = {**os.environ, "MLFLOW_TRACKING_URI": f"sqlite:///{tmp_path}/m.db"}
    env.pop("RAY_ADDRESS", None)
    return subprocess.run([sys.executable, "-m", "tritonrl.cli", "eval", *args, f"output_dir={tmp_path}/runs"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.extended  # ~2 min on 2 cores; train's eval points run the same code in CI (test_train_e2e)
def test_eval_writes_table_json_and_mlflow_run(tmp_path):
    out = tmp_path / "e.json"
    proc = tritonrl(["eval.tasks=heldout", "eval.samples=2", "eval.max_tasks=2", f"eval.out={out}",
                     "rollout.max_new_tokens=128", "tracking.experiment=evaltest"], tmp_path, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    doc = json.loads(out.read_text())
    assert set(doc) == {"levels", "n_tasks", "samples_per_task", "model", "per_task"}
    assert doc["n_tasks"] == 2 and doc["samples_per_task"] == 2 and doc["model"] == "smollm2-135m"
    assert set(doc["levels"]) == {"1", "2", "all"}  # max_tasks spreads over both levels
    for row in doc["levels"].values():
        assert set(row) == set(METRIC_NAMES) - {"pass@5", "pass@10"}
        assert row["fast_1"] is None and row["geomean_speedup"] is None  # a CPU times nothing
        assert 0.0 <= row["correct"] <= row["compiled"] <= row["valid"] <= 1.0
    table = proc.stdout[proc.stdout.index("| level | valid | compiled | correct |"):].splitlines()  # Ray may
    assert [line.split("|")[1].strip() for line in table[:5]] == ["level", "---", "1", "2", "all"]  # forward logs
    import mlflow

    client = mlflow.MlflowClient(tracking_uri=f"sqlite:///{tmp_path}/m.db")
    (run,) = client.search_runs([client.get_experiment_by_name("evaltest").experiment_id])
    assert run.info.status == "FINISHED"
    assert run.data.metrics["eval/correct"] == doc["levels"]["all"]["correct"]
    assert "eval/fast_1" not in run.data.metrics


@pytest.mark.parametrize("override,message", [("eval.tasks=nonsense", "eval.tasks must be one of"),
                                              ("eval.samples=0", "eval.samples must be >= 1"),
                                              ("eval.model=/nonexistent", "eval.model='/nonexistent'"),
                                              ("data.suite=nope", "data.suite must be one of")])
def test_bad_eval_config_is_one_line_exit_2(tmp_path, override, message):
    proc = tritonrl([override], tmp_path, timeout=300)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert message in proc.stderr and "Traceback" not in proc.stderr
