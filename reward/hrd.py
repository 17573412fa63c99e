"""Hierarchical Reward Decomposition (TritonRL): route each advantage to the tokens that earned it.

HRD on:  plan tokens  <- alpha * A_speed   (the plan decides the optimisation strategy)
         code tokens  <- A_correct         (the code decides whether the kernel is correct)
         other tokens <- A_correct         (format markers, EOS: they gate parsing, hence correctness)
HRD off (TritonRL's uniform ablation): every token <- A_correct + alpha * A_speed.

Untimed groups (`plan_speed_advantage`): on a device without timing (a CPU) no verdict has a speedup, so
A_speed is 0 for every sample and HRD would give plan tokens no gradient at all. When no sample of a group
earned a speedup, plan tokens instead get alpha * A_correct (`reward.untimed_plan=correctness`, the
default): the plan is credited, at the plan's weight alpha, for the correctness it led to.
`reward.untimed_plan=none` keeps the strict routing (plan tokens get 0). On a GPU this rule applies to groups
with no correct, timed sample, whose A_speed is 0 too. Uniform routing (HRD off) is unchanged.

Overlap: a token in both masks (a parser that marks a fence token twice) is treated as a code token and
gets A_correct only. Correctness is the primary objective and the speed term is already scaled down by
alpha, so a doubly-marked token must not let the speed signal leak into the code.
"""
from __future__ import annotations

from typing import Sequence

import torch


UNTIMED_PLAN_RULES = ("correctness", "none")


def plan_speed_advantage(a_correct: float, a_speed: float, timed: bool, hrd: bool = True,
                         untimed_plan: str = "correctness") -> float:
    """The per-sample advantage that HRD routes (times alpha) to plan tokens: A_speed, or A_correct in an
    untimed group under `untimed_plan=correctness` (module doc). With HRD off it is always A_speed."""
    if untimed_plan not in UNTIMED_PLAN_RULES:
        raise ValueError(f"reward.untimed_plan must be one of {UNTIMED_PLAN_RULES}, got {untimed_plan!r}")
    if hrd and not timed and untimed_plan == "correctness":
        return float(a_correct)
    return float(a_speed)


def build_token_advantages(plan_mask: torch.Tensor, code_mask: torch.Tensor, a_correct: torch.Tensor,
                           a_speed: torch.Tensor, alpha: float, hrd: bool = True) -> torch.Tensor:
    """Per-token advantages [B, T] from masks [B, T] (bool/0-1) and per-sample advantages [B].

    Padding is the caller's business (the loss mask zeroes it); every position gets a finite value.
    """
    if plan_mask.shape != code_mask.shape or plan_mask.dim() != 2:
        raise ValueError(f"plan_mask {tuple(plan_mask.shape)} and code_mask {tuple(code_mask.shape)} must be equal [B, T]")
    b = plan_mask.shape[0]
    if a_correct.shape != (b,) or a_speed.shape != (b,):
        raise ValueError(f"a_correct {tuple(a_correct.shape)} / a_speed {tuple(a_speed.shape)} must be [B={b}]")
    a_c = a_correct.to(torch.float32)[:, None].expand(plan_mask.shape)
    a_s = a_speed.to(torch.float32)[:, None].expand(plan_mask.shape)
    if not hrd:
        return (a_c + alpha * a_s).clone()
    plan_only = plan_mask.bool() & ~code_mask.bool()  # overlap counts as code (see module doc)
    return torch.where(plan_only, alpha * a_s, a_c)


def token_advantages(plan_mask: Sequence[int] | None, code_mask: Sequence[int] | None, a_correct: float,
                     a_speed: float, alpha: float, hrd: bool = True, length: int | None = None) -> list[float]:
    """One sample's per-response-token advantages; missing masks (unparseable response) mean "no plan, no code"."""
    if length is None:
        known = [m for m in (plan_mask, code_mask) if m is not None]
        length = len(known[0]) if known else 0
    n = length
    plan = list(plan_mask) if plan_mask is not None else [0] * n
    code = list(code_mask) if code_mask is not None else [0] * n
    if len(plan) != len(code) or len(plan) != n:
        raise ValueError(f"token_advantages: plan_mask ({len(plan)}), code_mask ({len(code)}) and length ({n}) differ")
    if n == 0:
        return []
    out = build_token_advantages(torch.tensor([plan]), torch.tensor([code]), torch.tensor([float(a_correct)]),
                                 torch.tensor([float(a_speed)]), alpha, hrd)
    return out[0].tolist()
