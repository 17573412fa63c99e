"""Figures a reviewer would rather look at than read; logged to MLflow as artifacts."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")  # headless: training runs on cluster nodes without a display
import matplotlib.pyplot as plt  # noqa: E402

from tritonrl.verifier_workers.verdict import STAGES  # noqa: E402


def training_curves(history: list[dict[str, float]]):
    """Reward, correctness and funnel pass rates per RL step."""
    steps = [h["step"] for h in history]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4))
    for key, label in (("reward/mean", "reward"), ("verify/correct_rate", "correct"),
                       ("reward/correctness_mean", "correctness term"), ("reward/speedup_mean", "speedup term")):
        if any(key in h for h in history):
            axes[0].plot(steps, [h.get(key, float("nan")) for h in history], marker="o", label=label)
    axes[0].set_title("reward and correctness")
    axes[0].set_xlabel("RL step")
    axes[0].legend()
    for stage in STAGES:
        key = f"funnel/{stage}_pass_rate"
        if any(key in h for h in history):
            axes[1].plot(steps, [h.get(key, float("nan")) for h in history], marker=".", label=stage)
    axes[1].set_title("funnel: share of samples passing each stage")
    axes[1].set_ylim(-0.05, 1.05)
    axes[1].set_xlabel("RL step")
    axes[1].legend()
    if any("curriculum/level2_share" in h for h in history):
        axes[2].plot(steps, [h.get("curriculum/level2_share", float("nan")) for h in history], label="level-2 share")
        axes[2].plot(steps, [h.get("curriculum/level1_acc", float("nan")) for h in history], label="level-1 acc (EMA)")
    axes[2].set_title("curriculum")
    axes[2].set_xlabel("RL step")
    axes[2].legend()
    fig.tight_layout()
    return fig


def heldout_bars(results: dict[str, float]):
    """Held-out correctness at each phase (base, after SFT, after RL)."""
    fig, ax = plt.subplots(figsize=(5, 4))
    names, values = list(results), [results[k] for k in results]
    bars = ax.bar(names, values, color=["#999999", "#4c72b0", "#dd8452"][: len(names)])
    ax.bar_label(bars, labels=[f"{v:.2f}" for v in values])
    ax.set_ylim(0, max(1.0, max(values, default=0) * 1.1))
    ax.set_ylabel("held-out correctness")
    ax.set_title("held-out built-in tasks")
    fig.tight_layout()
    return fig


def speedup_histogram(speedups: list[float]):
    fig, ax = plt.subplots(figsize=(5, 4))
    ax.hist(speedups, bins=30)
    ax.axvline(1.0, color="k", linestyle="--")
    ax.set_xlabel("speedup over PyTorch (correct kernels)")
    ax.set_ylabel("count")
    fig.tight_layout()
    return fig
