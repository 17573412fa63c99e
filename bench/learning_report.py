"""Tables of what `tritonrl train` runs learned, read back from MLflow: the learning result and the ablation.

    python bench/learning_report.py --runs sqlite:///r0/mlruns.db sqlite:///r1/mlruns.db   # single runs
    python bench/learning_report.py --sweep sqlite:///sweep/mlruns.db                        # a sweep's cells
    python bench/learning_report.py --versus sqlite:///hrd/mlruns.db sqlite:///uniform/mlruns.db  # two arms

`--runs`: one row per run and held-out evaluation (base, sft, every `train.eval_every` point, rl): pass@1 with
its 95% bootstrap interval over tasks, valid and compiled rates; then RL - SFT per run for pass@1, valid and
compiled as paired bootstraps over the same tasks (RL beats SFT beyond the interval when its low end is above
0), and the training signal: correct rate of the rollouts in the first and last 5 steps, the share of
zero-advantage groups, and the policy's entropy per token. A run continued with `learner.resume` over several
processes (MLflow runs of one `run_name`, the later ones tagged `resumed_step`) is one run here: its segments'
evaluations and histories are joined in order, SFT from the first segment, RL from the last.

`--versus A1 B1 [A2 B2 ...]`: B - A for each pair of stores, paired over the held-out tasks, at the latest RL
step both evaluated (`--at` picks another point), so arms that ran different numbers of steps meet at one step.

`--sweep`: one row per cell of every sweep parent (cells named by their overrides), then the main effects
and two-way interactions of the swept boolean toggles on each outcome, as in a 2^k factorial design:
effect(A) = mean(y | A on) - mean(y | A off), interaction(A, B) = half the change of A's effect when B
turns on. Artifacts are read from the run's artifact directory (a local path or the tracking server).
Prints markdown; nothing is written.
"""
from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tritonrl.evaluation.factorial import factorial_effects  # noqa: E402
from tritonrl.evaluation.metrics import COMPILED, CORRECT, VALID, paired_difference  # noqa: E402

log = logging.getLogger("learning_report")
MODELS = ("base", "sft", "rl")
TOGGLES = ("extensions.multi_input", "extensions.staged", "extensions.curriculum", "extensions.calibrated_timing")


def _client(uri: str):
    from mlflow.tracking import MlflowClient

    return MlflowClient(tracking_uri=uri)


def _runs(client) -> list:
    exps = [e.experiment_id for e in client.search_experiments()]
    return client.search_runs(exps, max_results=1000)


def _moved_artifacts(client, run) -> str | None:
    """A run copied off the host it ran on (a sqlite store beside its `mlruns/` folder): its artifact
    directory as recorded there is gone, the copy beside the store is not."""
    uri = run.info.artifact_uri
    db = client.tracking_uri.removeprefix("sqlite:///") if client.tracking_uri.startswith("sqlite:///") else None
    if db is None or "://" in uri and not uri.startswith("file://") or os.path.isdir(uri.removeprefix("file://")):
        return None
    here = os.path.join(os.path.dirname(os.path.abspath(db)), "mlruns", run.info.experiment_id, run.info.run_id,
                        "artifacts")
    return here if os.path.isdir(here) else None


def _per_task(client, run, tag: str) -> dict[str, tuple[int, ...]] | None:
    moved = _moved_artifacts(client, run)
    try:
        path = (os.path.join(moved, "samples", f"heldout_{tag}.json") if moved else
                client.download_artifacts(run.info.run_id, f"samples/heldout_{tag}.json"))
        if not os.path.exists(path):
            return None
    except Exception:  # noqa: BLE001 - no such eval point in this run
        return None
    with open(path) as f:
        return {t: tuple(nc) for t, nc in json.load(f)["per_task"].items()}


def _history(client, runs, key: str) -> list[float]:
    """A metric's values over the RL steps of one run's segments (a resumed segment continues the steps)."""
    by_step = {}
    for run in runs:
        for m in client.get_metric_history(run.info.run_id, key):
            by_step[m.step] = m.value
    return [by_step[k] for k in sorted(by_step)]


def _mean(xs: list[float]) -> float | None:
    xs = [x for x in xs if x is not None and not math.isnan(x)]
    return sum(xs) / len(xs) if xs else None


def _f(v, digits: int = 3) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def _training_signal(client, runs) -> dict[str, float | None]:
    runs = runs if isinstance(runs, list) else [runs]
    correct = _history(client, runs, "verify/correct_rate")
    ent = _history(client, runs, "learner/entropy")  # already a per-token mean (learner/loss.py finish_metrics)
    return {"steps": float(len(correct)), "correct_first5": _mean(correct[:5]), "correct_last5": _mean(correct[-5:]),
            "zero_adv": _mean(_history(client, runs, "reward/zero_advantage_group_share")),
            "entropy_first5": _mean(ent[:5]), "entropy_last5": _mean(ent[-5:]),
            "verdicts_per_s": _mean(_history(client, runs, "throughput/verdicts_per_s")),
            "step_s": _mean(_history(client, runs, "time/step_s"))}


def _label(run) -> str:
    p = run.data.params
    return (run.info.run_name or run.info.run_id[:8]) + (
        f" (seed {p.get('train.seed')}, hrd {p.get('reward.hrd')}, alpha {p.get('reward.alpha')})")


def _chains(runs: list) -> list[list]:
    """Top-level train runs grouped into one list per run: the segments of a resumed run (same run name, the
    later ones tagged `resumed_step`) in start order, each resumed one joined to the newest chain of its name;
    every other run alone."""
    top = sorted((r for r in runs if not r.data.tags.get("mlflow.parentRunId") and "train.seed" in r.data.params),
                 key=lambda r: r.info.start_time)
    chains: list[list] = []
    latest: dict[str, list] = {}  # a resumed segment continues the newest chain of its name: an earlier
    # process of that name stopped before its first checkpoint left a chain that nothing resumed
    for r in top:
        name = r.info.run_name or r.info.run_id
        if r.data.tags.get("resumed_step") and name in latest:
            latest[name].append(r)
        else:
            latest[name] = [r]
            chains.append(latest[name])
    return chains


def _eval_tags(run) -> list[str]:
    """The held-out evaluations of a run, in the order they ran: base, sft, stepN..., rl."""
    tags = {k[len("heldout/valid_"):] for k in run.data.metrics if k.startswith("heldout/valid_")}
    steps = sorted((t for t in tags if t.startswith("step") and t[4:].isdigit()), key=lambda t: int(t[4:]))
    return [t for t in ("base", "sft") if t in tags] + steps + (["rl"] if "rl" in tags else [])


def _paired(a, b, column) -> str:
    try:
        mean, lo, hi = paired_difference(a, b, column=column)
    except (ValueError, TypeError):
        return "-"
    return f"{mean:+.3f} [{lo:+.3f}, {hi:+.3f}]"


def runs_report(uris: list[str]) -> str:
    out = ["| run | evaluation (RL step) | pass@1 [95% CI] | valid | compiled | correct |", "|---|---|---|---|---|---|"]
    diffs = ["| run | RL steps | pass@1 RL - SFT [95% paired CI] | valid RL - SFT | compiled RL - SFT | "
             "train correct, first 5 -> last 5 steps | zero-advantage groups | entropy/token, first 5 -> last 5 | "
             "step s | verdicts/s |", "|---" * 10 + "|"]
    for uri in uris:
        client = _client(uri)
        for chain in _chains(_runs(client)):
            sft = rl = None
            last_step = 0  # the RL steps behind each segment's end (a segment continues the numbering)
            for run in chain:
                m = run.data.metrics
                last_step += len(client.get_metric_history(run.info.run_id, "verify/correct_rate"))
                tags = _eval_tags(run)
                for tag in tags:
                    p1 = m.get(f"heldout/pass_at_1_{tag}")
                    when = f"{tag} ({last_step})" if tag == "rl" else tag
                    ci = "-" if p1 is None else (f"{p1:.3f} [{_f(m.get(f'heldout/pass_at_1_lo_{tag}'))}, "
                                                 f"{_f(m.get(f'heldout/pass_at_1_hi_{tag}'))}]")
                    out.append(f"| {_label(run)} | {when} | {ci} | {_f(m.get(f'heldout/valid_{tag}'))} | "
                               f"{_f(m.get(f'heldout/compiled_{tag}'))} | {_f(m.get(f'heldout/correct_{tag}'))} |")
                sft = sft or (_per_task(client, run, "sft") if "sft" in tags else None)
                rl = _per_task(client, run, "rl") or rl
            s = _training_signal(client, chain)
            pair = [_paired(sft, rl, c) if sft and rl else "-" for c in (CORRECT, VALID, COMPILED)]
            diffs.append(f"| {_label(chain[0])} | {s['steps']:.0f} | {' | '.join(pair)} | {_f(s['correct_first5'])} -> "
                         f"{_f(s['correct_last5'])} | {_f(s['zero_adv'])} | {_f(s['entropy_first5'])} -> "
                         f"{_f(s['entropy_last5'])} | {_f(s['step_s'], 1)} | {_f(s['verdicts_per_s'], 1)} |")
    return "\n".join(out) + "\n\n" + "\n".join(diffs)


def _tag_counts(uri: str) -> tuple[str, dict[str, dict]]:
    """A store's first run (its segments together): its label and {eval tag: per-task counts}."""
    client = _client(uri)
    chains = _chains(_runs(client))
    if not chains:
        raise SystemExit(f"{uri}: no run")
    counts = {}
    for run in chains[0]:
        for tag in _eval_tags(run):
            counts[tag] = _per_task(client, run, tag) or counts.get(tag)
    return _label(chains[0][0]), {t: c for t, c in counts.items() if c}


def versus_report(uris: list[str], at: str | None) -> str:
    """B - A per pair of stores (A1 B1 A2 B2 ...), paired over the held-out tasks at one evaluation point that
    both ran: `at`, or by default the latest RL step both reached, so that arms that ran different numbers of
    steps are compared at the same step."""
    if len(uris) % 2:
        raise SystemExit("--versus takes pairs of tracking URIs: A1 B1 [A2 B2 ...]")
    out = ["| B - A | at | pass@1 [95% paired CI] | valid | compiled |", "|---|---|---|---|---|"]
    for ua, ub in zip(uris[::2], uris[1::2]):
        (la, ca), (lb, cb) = _tag_counts(ua), _tag_counts(ub)
        common = [t for t in ca if t in cb and t.startswith("step")]
        tag = at or (max(common, key=lambda t: int(t[4:])) if common else None)
        if tag is None or tag not in ca or tag not in cb:
            raise SystemExit(f"no evaluation {tag or 'at an RL step'} in both {ua} and {ub}")
        cells = [_paired(ca[tag], cb[tag], c) for c in (CORRECT, VALID, COMPILED)]
        out.append(f"| {lb} - {la} | {tag} | {' | '.join(cells)} |")
    return "\n".join(out)


def _on(run, key: str) -> bool | None:
    v = run.data.params.get(key)
    return None if v is None else v.strip().lower() == "true"


def sweep_report(uri: str) -> str:
    client = _client(uri)
    runs = _runs(client)  # one search: children are grouped by their parent tag
    children: dict[str, list] = {}
    for r in runs:
        if r.data.tags.get("mlflow.parentRunId"):
            children.setdefault(r.data.tags["mlflow.parentRunId"], []).append(r)
    parents = [r for r in runs if r.info.run_id in children]
    blocks = []
    for parent in parents:
        rows, outcomes = [], {"pass@1": [], "train correct (last 5)": []}
        head = ("| cell | RL steps | pass@1 [95% CI] | fast_1 | valid | compiled | train correct, last 5 | "
                "verdicts/s | wall min | GPU share |")
        rows += [head, "|---" * 10 + "|"]
        for run in sorted(children[parent.info.run_id], key=lambda r: r.info.run_name or ""):
            m, p = run.data.metrics, run.data.params
            s = _training_signal(client, run)
            p1 = m.get("heldout/pass_at_1_rl")
            wall = (run.info.end_time - run.info.start_time) / 60000 if run.info.end_time else None
            share = 1.0 / float(p.get("ray.runs_per_gpu", 1)) if p.get("ray.lease_one_gpu") == "True" else None
            rows.append(f"| {run.info.run_name} ({run.info.status}) | {s['steps']:.0f} | {_f(p1)} "
                        f"[{_f(m.get('heldout/pass_at_1_lo_rl'))}, {_f(m.get('heldout/pass_at_1_hi_rl'))}] | "
                        f"{_f(m.get('heldout/fast_1_rl'))} | {_f(m.get('heldout/valid_rl'))} | "
                        f"{_f(m.get('heldout/compiled_rl'))} | {_f(s['correct_last5'])} | {_f(s['verdicts_per_s'], 1)} | "
                        f"{_f(wall, 1)} | {_f(share, 2)} |")
            toggles = {k: _on(run, k) for k in TOGGLES}
            if p1 is not None and None not in toggles.values():
                outcomes["pass@1"].append((toggles, p1))
                if s["correct_last5"] is not None:
                    outcomes["train correct (last 5)"].append((toggles, s["correct_last5"]))
        blocks.append(f"### sweep {parent.info.run_name or parent.info.run_id}\n\n" + "\n".join(rows))
        for name, cells in outcomes.items():
            try:
                eff = factorial_effects(cells, list(TOGGLES))
            except ValueError as e:
                blocks.append(f"{name}: no effects ({e})")
                continue
            lines = [f"| effect on {name} | value |", "|---|---|"]
            lines += [f"| {k.replace('extensions.', '')} | {v:+.4f} |" for k, v in eff.items()]
            blocks.append("\n".join(lines))
    return "\n\n".join(blocks) if blocks else "no sweep parent with cells found"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", nargs="*", default=[], help="tracking URIs of single runs")
    ap.add_argument("--sweep", nargs="*", default=[], help="tracking URIs holding sweeps")
    ap.add_argument("--versus", nargs="*", default=[], metavar="URI",
                    help="pairs of tracking URIs A1 B1 [A2 B2 ...]: B - A at one evaluation point of both")
    ap.add_argument("--at", default=None, help="with --versus: the evaluation (sft, step50, rl, ...); default: "
                    "the latest RL step both runs evaluated")
    args = ap.parse_args(argv)
    if not (args.runs or args.sweep or args.versus):
        ap.error("give --runs, --sweep and/or --versus tracking URIs")
    logging.basicConfig(level=logging.WARNING)
    if args.runs:
        print(runs_report(args.runs))
    for uri in args.sweep:
        print(sweep_report(uri))
    if args.versus:
        print(versus_report(args.versus, args.at))
    return 0


if __name__ == "__main__":
    sys.exit(main())
