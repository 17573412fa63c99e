"""Rollout tokens/s through our vLLM Ray actor (VLLMEngine) vs raw `vllm.LLM.generate`, side by side in one
run: same model, prompts (the suite's plan+code prompts) and sampling parameters. Target: >= 95%.

Run (GPU): python bench/bench_rollout.py [--prompts 16] [--n 8] [--max-new-tokens 512] [--reps 3]
The raw engine is built and measured first, then shut down, then our actor on the same GPU share.
"""
from __future__ import annotations

import argparse
import gc
import time

import ray
import torch

from tritonrl.config import ModelConfig
from tritonrl.models import load_tokenizer, resolve_model
from tritonrl.rollout.engine import SamplingSpec
from tritonrl.rollout.prompts import build_prompt
from tritonrl.tasks.suite import load_builtin


def prompts_for(n: int, tokenizer) -> list[str]:
    tasks = load_builtin()
    return [build_prompt(tasks[i % len(tasks)], tokenizer) for i in range(n)]


def raw_vllm(model_path: str, prompts: list[str], spec: SamplingSpec, reps: int, util: float, tokenizer) -> list[float]:
    from vllm import LLM, SamplingParams

    llm = LLM(model=model_path, dtype="bfloat16", gpu_memory_utilization=util, seed=0, enable_prefix_caching=True)
    params = SamplingParams(n=spec.n, max_tokens=spec.max_new_tokens, temperature=spec.temperature,
                            top_p=spec.top_p, ignore_eos=True, logprobs=0)
    ids = [{"prompt_token_ids": tokenizer(p, add_special_tokens=False)["input_ids"]} for p in prompts]
    llm.generate(ids[:2], params, use_tqdm=False)  # warm-up (graphs, allocator)
    rates = []
    for _ in range(reps):
        t = time.perf_counter()
        out = llm.generate(ids, params, use_tqdm=False)
        rates.append(sum(len(c.token_ids) for o in out for c in o.outputs) / (time.perf_counter() - t))
    llm.llm_engine.engine_core.shutdown()
    del llm
    gc.collect()
    torch.cuda.empty_cache()
    return rates


def ours(model_path: str, prompts: list[str], spec: SamplingSpec, reps: int, util: float) -> list[float]:
    from tritonrl.rollout.vllm_engine import VLLMEngine

    engine = ray.remote(VLLMEngine).options(num_gpus=0.5).remote(
        model_path, device="cuda", dtype="bfloat16", gpu_memory_utilization=util, seed=0)
    ray.get(engine.ready.remote())
    ray.get(engine.generate.remote(prompts[:2], spec))
    rates = []
    for _ in range(reps):
        t = time.perf_counter()
        out = ray.get(engine.generate.remote(prompts, spec))  # includes Ray transfer of tokens+logprobs
        rates.append(sum(len(s.token_ids) for g in out for s in g) / (time.perf_counter() - t))
    ray.get(engine.shutdown.remote())
    ray.kill(engine)
    return rates


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompts", type=int, default=16)
    ap.add_argument("--n", type=int, default=8)
    ap.add_argument("--max-new-tokens", type=int, default=512)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--util", type=float, default=0.4)
    args = ap.parse_args()
    model_path = resolve_model(ModelConfig())
    tok = load_tokenizer(model_path)
    prompts = prompts_for(args.prompts, tok)
    # ignore_eos in both: every sample runs to max_new_tokens, so both engines do identical work
    spec = SamplingSpec(n=args.n, max_new_tokens=args.max_new_tokens, temperature=1.0, top_p=1.0, logprobs=True,
                        ignore_eos=True)
    raw = raw_vllm(model_path, prompts, spec, args.reps, args.util, tok)
    ray.init(num_gpus=1, include_dashboard=False)
    ours_rates = ours(model_path, prompts, spec, args.reps, args.util)
    ray.shutdown()
    best_raw, best_ours = max(raw), max(ours_rates)
    print(f"\n{args.prompts} prompts x n={args.n}, {args.max_new_tokens} new tokens each, bf16, {torch.cuda.get_device_name()}")
    print(f"{'engine':24s} {'tokens/s (best of ' + str(args.reps) + ')':>24s} {'all reps':>30s}")
    print(f"{'raw vllm.LLM.generate':24s} {best_raw:24.0f} {' '.join(f'{r:.0f}' for r in raw):>30s}")
    print(f"{'VLLMEngine Ray actor':24s} {best_ours:24.0f} {' '.join(f'{r:.0f}' for r in ours_rates):>30s}")
    print(f"ratio ours/raw: {best_ours / best_raw:.3f}")


if __name__ == "__main__":
    main()
