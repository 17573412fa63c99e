"""Compose-time checks of a typed `Config`: choice fields, ranges and cross-field rules.

Contract: `validate(cfg)` returns None for a config that can start, or raises `ConfigError` whose message is
one line naming the key, the bad value and what is allowed (`reward.baseline must be grpo | rloo, got
'ppo'`). `tritonrl train` runs it right after Hydra composes the config, before Ray, vLLM or DeepSpeed
start, so a typo in a sweep fails in seconds instead of after SFT. Pure: no imports beyond the config.
Hydra's structured config already rejects unknown keys and wrong types; this covers what a type cannot say.
"""
from __future__ import annotations

from typing import Any

from tritonrl.config import Config, ConfigError

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

# key -> the values it may take. The consumers keep their own checks (e.g. rollout.weight_sync's
# `choose_transport`, `group_advantages`); tests/test_config_validation.py checks that the lists agree.
CHOICES: dict[str, tuple] = {
    "verifier.device": ("auto", "cpu", "cuda"),
    "verifier.judge.kind": ("none", "openai"),
    "verifier.larger_shapes": ("batch", "every_dim"),  # verifier_workers/funnel/variants.py LARGER_SHAPES
    "verifier.precision_check": ("enforce", "measure", "off"),  # verifier_workers/sandbox/precision.py MODES
    "model.dtype": ("auto", "float32", "float16", "bfloat16"),
    "rollout.engine": ("auto", "vllm", "hf"),
    "rollout.weight_sync": ("auto", "object_store", "nccl", "ipc"),
    "learner.zero_stage": (0, 1, 2, 3),
    "reward.baseline": ("grpo", "rloo"),
    "reward.untimed_plan": ("correctness", "none"),  # reward/hrd.py UNTIMED_PLAN_RULES
    "reward.truncated": ("zero", "penalty", "keep"),  # reward/experience.py TRUNCATED_RULES
    "data.suite": ("builtin", "kernelbench"),
    "train.max_staleness": (0, 1),
    "log_level": LOG_LEVELS,
}

# key -> the values each element of the list may take
LIST_CHOICES: dict[str, tuple] = {
    "verifier.stages": ("static", "compile", "tiny", "full", "timing"),
    "tracking.backends": ("mlflow", "console"),
    "data.kernelbench_levels": (1, 2, 3, 4),
}

# key -> (lowest, highest) allowed, inclusive; None: unbounded on that side
RANGES: dict[str, tuple[float | None, float | None]] = {
    "rollout.num_engines": (1, None),
    "rollout.samples_per_prompt": (1, None),
    "rollout.max_new_tokens": (1, None),
    "rollout.temperature": (0.0, None),
    "rollout.top_p": (0.0, 1.0),
    "rollout.gpu_memory_utilization": (0.0, 1.0),
    "learner.world_size": (1, None),
    "learner.micro_batch_size": (1, None),
    "train.rl_steps": (0, None),
    "train.tasks_per_step": (1, None),
    "train.sft_epochs": (0, None),
    "train.eval_samples": (1, None),
    "model.max_model_len": (1, None),
    "ray.runs_per_gpu": (1, None),
    "train.deadline_minutes": (0.0, None),
    "train.max_wall_minutes": (0.0, None),
    "ray.lease_stagger_s": (0.0, None),
    "verifier.timing.trim": (0.0, 0.49),
    "reward.speedup_tie_band": (0.0, 1.0),  # relative: 0.02 = 2%
    "reward.truncated_penalty": (None, 0.0),  # a penalty: <= 0
    "verifier.larger_shapes_factor": (2, None),
}

# key -> exact list length
LENGTHS: dict[str, int] = {
    "reward.partial_credit": 5,  # none / static / compile / tiny / full (reward/credit.py)
    "verifier.tolerances.float32": 2,
    "verifier.tolerances.float16": 2,
    "verifier.tolerances.bfloat16": 2,
    "verifier.tolerances.float64": 2,
}


def lookup(cfg: Any, key: str) -> Any:
    """`lookup(cfg, "reward.baseline")` -> cfg.reward.baseline."""
    for part in key.split("."):
        cfg = getattr(cfg, part)
    return cfg


def allowed_text(values: tuple) -> str:
    return " | ".join(str(v) for v in values)


def check_choices(cfg: Config) -> None:
    for key, allowed in CHOICES.items():
        value = lookup(cfg, key)
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            raise ConfigError(f"{key} must be {allowed_text(allowed)}, got {value!r}")
    for key, allowed in LIST_CHOICES.items():
        bad = [v for v in lookup(cfg, key) if v not in allowed]
        if bad:
            raise ConfigError(f"{key} may hold only {allowed_text(allowed)}, got {bad[0]!r}")


def check_ranges(cfg: Config) -> None:
    for key, (lo, hi) in RANGES.items():
        value = lookup(cfg, key)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            span = f">= {lo}" if hi is None else f"<= {hi}" if lo is None else f"in [{lo}, {hi}]"
            raise ConfigError(f"{key} must be {span}, got {value!r}")
    for key, n in LENGTHS.items():
        value = lookup(cfg, key)
        if len(value) != n:
            raise ConfigError(f"{key} must list {n} numbers, got {len(value)}: {list(value)}")


def check_cross_fields(cfg: Config) -> None:
    """Rules between keys; each names both."""
    if cfg.rollout.max_new_tokens >= cfg.model.max_model_len:
        raise ConfigError(f"rollout.max_new_tokens ({cfg.rollout.max_new_tokens}) must be below model.max_model_len "
                          f"({cfg.model.max_model_len}): the prompt needs room too")
    if cfg.train.sft_max_target_tokens > cfg.model.max_model_len:
        raise ConfigError(f"train.sft_max_target_tokens ({cfg.train.sft_max_target_tokens}) must be at most "
                          f"model.max_model_len ({cfg.model.max_model_len})")
    if cfg.reward.baseline == "rloo" and cfg.rollout.samples_per_prompt < 2:
        raise ConfigError("reward.baseline=rloo needs rollout.samples_per_prompt >= 2 (a leave-one-out baseline), "
                          f"got {cfg.rollout.samples_per_prompt}")
    if cfg.verifier.judge.enabled and cfg.verifier.judge.kind == "openai" and not (
            cfg.verifier.judge.base_url and cfg.verifier.judge.model):
        raise ConfigError("verifier.judge.kind=openai needs verifier.judge.base_url and verifier.judge.model")


def validate(cfg: Config) -> Config:
    """Raise ConfigError (one line) for the first value that cannot work; return cfg unchanged otherwise."""
    check_choices(cfg)
    check_ranges(cfg)
    check_cross_fields(cfg)
    return cfg
