"""Per-token policy-gradient loss (PPO-clip / REINFORCE), k3 KL to a reference, and SFT cross-entropy.

Token-level aggregation: the loss of one step is sum(per-token loss over every response token of every
rank) / global_tokens. DeepSpeed averages gradients over the data-parallel ranks (x 1/world_size) and,
when it manages accumulation, over micro-batches (x 1/gas). Each micro-batch therefore returns
    sum(its token losses) / global_tokens * world_size * gas
so the two averages cancel, as OpenRLHF's loss_utils documents. This makes long and short responses
count per token rather than per sequence, and keeps a padded (ghost) micro-batch at exactly zero weight.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch


def token_logprobs(logits: torch.Tensor, input_ids: torch.Tensor) -> torch.Tensor:
    """log p(input_ids[:, 1:]) from logits[:, :-1]: [B, L-1] in fp32, without a [B, L, V] log_softmax copy."""
    logits = logits[:, :-1].float()
    targets = input_ids[:, 1:].unsqueeze(-1)
    return torch.gather(logits, -1, targets).squeeze(-1) - torch.logsumexp(logits, dim=-1)


@dataclass
class LossScale:
    """How one rank's micro-batch loss is scaled so the step loss is a global per-token mean."""

    global_tokens: float  # response tokens with loss_mask=1, summed over all ranks and micro-batches
    world_size: int = 1
    grad_accum: int = 1  # divisor DeepSpeed applies itself (1 when we own the accumulation boundary)

    @property
    def factor(self) -> float:
        return self.world_size * self.grad_accum / max(self.global_tokens, 1.0)


def policy_loss(logprobs: torch.Tensor, batch: dict[str, torch.Tensor], scale: LossScale, clip: float = 0.2,
                ref_logprobs: torch.Tensor | None = None, kl_coef: float = 0.0) -> tuple[torch.Tensor, dict[str, float]]:
    """PPO-clip on per-token advantages; rows without old log-probs use ratio = exp(lp - lp.detach()) = 1.

    `clip` <= 0 disables the clip (plain importance-weighted PG). Returns (scaled loss, summed metrics):
    metric values are sums over this micro-batch's tokens, to be divided by the global token count.
    """
    mask = batch["response_mask"]
    adv = batch["advantages"]
    has_old = batch["has_old_logprobs"][:, None]
    old = torch.where(has_old, batch["old_logprobs"], logprobs.detach())
    log_ratio = (logprobs - old).clamp(-20.0, 20.0)  # guards exp() against a stale or garbage old log-prob
    ratio = torch.exp(log_ratio)
    pg = -ratio * adv
    if clip > 0:
        pg_clipped = -torch.clamp(ratio, 1.0 - clip, 1.0 + clip) * adv
        clipped = (pg_clipped > pg).float()
        pg = torch.maximum(pg, pg_clipped)
    else:
        clipped = torch.zeros_like(pg)
    per_token = pg
    kl = torch.zeros_like(pg)
    if ref_logprobs is not None and kl_coef > 0:
        # k3 estimator of KL(pi || ref): exp(ref - lp) - (ref - lp) - 1 >= 0, unbiased, low variance
        d = (ref_logprobs - logprobs).clamp(-20.0, 20.0)
        kl = torch.exp(d) - d - 1.0
        per_token = per_token + kl_coef * kl
    loss = (per_token * mask).sum() * scale.factor
    with torch.no_grad():  # 0-dim tensors: the caller reads them once per step, not once per micro-batch
        metrics = {"loss": (per_token * mask).sum(), "pg_loss": (pg * mask).sum(), "clip_frac": (clipped * mask).sum(),
                   "kl": (kl * mask).sum(), "entropy": (-logprobs * mask).sum(),
                   "ratio": (ratio * mask).sum(), "tokens": mask.sum()}
    return loss, metrics


def sft_loss(logprobs: torch.Tensor, batch: dict[str, torch.Tensor], scale: LossScale) -> tuple[torch.Tensor, dict[str, float]]:
    """Cross-entropy on the masked response (target) tokens only, token-level mean across the step."""
    mask = batch["response_mask"]
    nll = -(logprobs * mask).sum()
    return nll * scale.factor, {"loss": nll.detach(), "tokens": mask.sum()}


def finish_metrics(sums: dict[str, float]) -> dict[str, float]:
    """Per-token means from summed metrics (`tokens` is the denominator); `loss` is the step's objective."""
    n = max(sums.get("tokens", 0.0), 1.0)
    out = {k: v / n for k, v in sums.items() if k != "tokens"}
    out["tokens"] = sums.get("tokens", 0.0)
    return out
