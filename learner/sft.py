"""Supervised warm-up on (prompt, target) pairs: loss on the target tokens only."""
from __future__ import annotations

import random

from tqdm.auto import tqdm

from tritonrl.learner.batch import Sequence


def encode_pairs(pairs: list[tuple[str, str]], tokenizer, max_len: int | None = None) -> list[Sequence]:
    """Prompt text (already chat-formatted) + target text -> Sequence, EOS appended to the target."""
    seqs = []
    for prompt, target in pairs:
        p = tokenizer(prompt, add_special_tokens=False)["input_ids"]
        t = tokenizer(target, add_special_tokens=False)["input_ids"]
        if tokenizer.eos_token_id is not None:
            t = t + [tokenizer.eos_token_id]
        if max_len is not None and len(p) + len(t) > max_len:
            t = t[: max(max_len - len(p), 0)]
        if not p or not t:
            raise ValueError(f"SFT pair with an empty prompt or target (or prompt longer than max_len): {prompt[:60]!r}")
        seqs.append(Sequence(prompt_ids=p, response_ids=t, advantages=[1.0] * len(t)))
    return seqs


def batches(seqs: list[Sequence], batch_size: int, seed: int) -> list[list[Sequence]]:
    order = list(range(len(seqs)))
    random.Random(seed).shuffle(order)
    return [[seqs[i] for i in order[j: j + batch_size]] for j in range(0, len(order), batch_size)]


def run_sft(group, pairs: list[tuple[str, str]], epochs: int, tokenizer, progress: bool = True,
            batch_size: int | None = None, seed: int = 0, max_len: int | None = None) -> list[dict[str, float]]:
    """`epochs` passes over the pairs; one optimiser step per batch. Returns one metrics dict per step.

    Default batch: one micro-batch per rank (micro_batch_size x world_size sequences).
    """
    if not pairs:
        raise ValueError("run_sft: no (prompt, target) pairs")
    seqs = encode_pairs(pairs, tokenizer, max_len)
    bs = batch_size or group.cfg.micro_batch_size * group.cfg.world_size
    steps = [b for e in range(epochs) for b in batches(seqs, bs, seed + e)]
    history = []
    bar = tqdm(steps, desc="SFT", disable=not progress)
    for batch in bar:
        m = group.sft_step(batch)
        history.append(m)
        bar.set_postfix(loss=f"{m['loss']:.3f}")
    return history
