"""One training sequence (prompt + response with per-token advantages) and its collation for a causal LM.

All per-token tensors are *target-aligned*: column j describes input token j+1, the one predicted from
logits[:, j]. Hence they have length L-1 for inputs of length L.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import torch


@dataclass
class Sequence:
    prompt_ids: list[int]
    response_ids: list[int]
    advantages: list[float]  # one per response token
    old_logprobs: list[float] | None = None  # sampling-time log-probs; None: on-policy (REINFORCE)
    loss_mask: list[int] | None = None  # 1: train on this response token; None: all of them

    def __post_init__(self) -> None:
        n = len(self.response_ids)
        if not self.prompt_ids:
            raise ValueError("Sequence: empty prompt_ids (the first response token needs a context)")
        if len(self.advantages) != n:
            raise ValueError(f"Sequence: {len(self.advantages)} advantages for {n} response tokens")
        for name in ("old_logprobs", "loss_mask"):
            v = getattr(self, name)
            if v is not None and len(v) != n:
                raise ValueError(f"Sequence: {len(v)} {name} for {n} response tokens")

    @property
    def num_loss_tokens(self) -> int:
        return sum(self.loss_mask) if self.loss_mask is not None else len(self.response_ids)

    def ghost(self) -> "Sequence":
        """A copy that trains on nothing: pads a rank's shard so every rank runs the same micro-steps."""
        return replace(self, loss_mask=[0] * len(self.response_ids))


def collate(seqs: list[Sequence], pad_id: int = 0, device: torch.device | str = "cpu") -> dict[str, torch.Tensor]:
    """Right-padded tensors: input_ids/attention_mask [B, L]; response_mask/advantages/old_logprobs [B, L-1]."""
    if not seqs:
        raise ValueError("collate: no sequences")
    length = max(len(s.prompt_ids) + len(s.response_ids) for s in seqs)
    b = len(seqs)
    input_ids = torch.full((b, length), pad_id, dtype=torch.long)
    attention_mask = torch.zeros((b, length), dtype=torch.long)
    response_mask = torch.zeros((b, length - 1), dtype=torch.float32)
    advantages = torch.zeros((b, length - 1), dtype=torch.float32)
    old_logprobs = torch.zeros((b, length - 1), dtype=torch.float32)
    has_old = torch.zeros((b,), dtype=torch.bool)
    for i, s in enumerate(seqs):
        p, r = len(s.prompt_ids), len(s.response_ids)
        input_ids[i, : p + r] = torch.tensor(s.prompt_ids + s.response_ids, dtype=torch.long)
        attention_mask[i, : p + r] = 1
        # response token k sits at input position p+k, predicted by logits at p+k-1
        cols = slice(p - 1, p - 1 + r)
        response_mask[i, cols] = torch.tensor(s.loss_mask if s.loss_mask is not None else [1] * r, dtype=torch.float32)
        advantages[i, cols] = torch.tensor(s.advantages, dtype=torch.float32)
        if s.old_logprobs is not None:
            old_logprobs[i, cols] = torch.tensor(s.old_logprobs, dtype=torch.float32)
            has_old[i] = True
    out = {"input_ids": input_ids, "attention_mask": attention_mask, "response_mask": response_mask,
           "advantages": advantages, "old_logprobs": old_logprobs, "has_old_logprobs": has_old}
    return {k: v.to(device) for k, v in out.items()}


def micro_batches(seqs: list[Sequence], micro_batch_size: int) -> list[list[Sequence]]:
    return [seqs[i: i + micro_batch_size] for i in range(0, len(seqs), micro_batch_size)]
