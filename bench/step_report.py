"""Per-step table of an RL run from its MLflow store: phase seconds, step seconds, GPU busy fraction.

Run: python bench/step_report.py --tracking-uri sqlite:///mlruns.db [--run-id ID]  (default: the latest run)
"""
from __future__ import annotations

import argparse
import statistics

from mlflow.tracking import MlflowClient

COLUMNS = (("time/generate_s", "generate s"), ("time/verify_s", "verify s"), ("time/learn_s", "learn s"),
           ("time/sync_s", "sync s"), ("time/step_s", "step s"), ("gpu/busy_fraction_step", "GPU busy"),
           ("gpu/busy_learn_gpu0", "busy learn"), ("throughput/verdicts_per_s", "verdicts/s"),
           ("throughput/rollout_tokens_per_s", "rollout tok/s"), ("rollout/staleness", "staleness"))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tracking-uri", required=True)
    ap.add_argument("--run-id", default=None)
    ap.add_argument("--skip-first", type=int, default=1, help="steps left out of the means (setup, compile)")
    args = ap.parse_args()
    client = MlflowClient(tracking_uri=args.tracking_uri)
    run_id = args.run_id
    if run_id is None:
        runs = [r for e in client.search_experiments() for r in client.search_runs([e.experiment_id])]
        if not runs:
            raise SystemExit(f"no runs in {args.tracking_uri}")
        run_id = max(runs, key=lambda r: r.info.start_time).info.run_id
    hist = {key: {m.step: m.value for m in client.get_metric_history(run_id, key)} for key, _ in COLUMNS}
    steps = sorted(set().union(*[h.keys() for h in hist.values()]))
    print(f"run {run_id}")
    print("step " + " ".join(f"{label:>13s}" for _, label in COLUMNS))
    for s in steps:
        print(f"{s:4d} " + " ".join(f"{hist[k][s]:13.3f}" if s in hist[k] else f"{'-':>13s}" for k, _ in COLUMNS))
    kept = steps[args.skip_first:]
    means = [statistics.fmean([hist[k][s] for s in kept if s in hist[k]]) if any(s in hist[k] for s in kept) else float("nan")
             for k, _ in COLUMNS]
    print("mean " + " ".join(f"{v:13.3f}" for v in means) + f"   (steps {kept})")


if __name__ == "__main__":
    main()
