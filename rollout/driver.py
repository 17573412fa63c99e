"""Driver side of generation: spread prompts over the engine actors, keep their order. What `train`'s
rollouts and every evaluation (tritonrl/evaluation/runner.py) call."""
from __future__ import annotations

import ray

from tritonrl.rollout.engine import Sample, SamplingSpec


def generate_spread(engines: list, prompts: list[str], sampling: SamplingSpec) -> list[list[Sample]]:
    """`sampling.n` samples per prompt, prompts dealt round-robin over `engines`; results in prompt order."""
    shards = [list(range(i, len(prompts), len(engines))) for i in range(len(engines))]
    refs = [e.generate.remote([prompts[i] for i in idx], sampling) for e, idx in zip(engines, shards) if idx]
    results: list = [None] * len(prompts)
    for idx, out in zip([s for s in shards if s], ray.get(refs)):
        for i, samples in zip(idx, out):
            results[i] = samples
    return results
