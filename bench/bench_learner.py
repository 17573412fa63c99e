"""The learner alone: one RL step of `LearnerWorker` (the class each DeepSpeed rank runs in `tritonrl train`)
on synthetic sequences, for several learner settings side by side, in this process.

What it answers: how much of its own phase the learner keeps the GPU busy, and which settings (micro-batch,
gradient checkpointing, ZeRO stage) shorten the step within the memory the learner gets when it shares
the GPU with vLLM and the verifier (preset gpu1).
Run (GPU):  python bench/bench_learner.py --model /tmp/rand15 [--configs "mb=4,ckpt=1,zero=2;mb=8,ckpt=1,zero=2"]
            (the model from bench/random_model.py; any HF causal-LM directory works)
Columns: step s (mean of --steps after a warm-up step), tokens/s, busy (NVML share of the step in which a
kernel ran), TFLOP/s (6 N per token, 8 N with checkpointing), peak GiB (torch's allocator).
"""
from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

import torch

from tritonrl.config import LearnerConfig
from tritonrl.cluster import free_port
from tritonrl.learner.actor import LearnerWorker
from tritonrl.learner.batch import Sequence

DEFAULT_CONFIGS = "mb=4,ckpt=1,zero=2;mb=8,ckpt=1,zero=2;mb=16,ckpt=1,zero=2;mb=8,ckpt=1,zero=1"


def parse_configs(text: str) -> list[dict[str, int]]:
    out = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        cfg = dict(mb=4, ckpt=1, zero=2)
        for kv in part.split(","):
            k, _, v = kv.partition("=")
            if k.strip() not in cfg:
                raise SystemExit(f"--configs: unknown key {k!r} in {part!r} (keys: mb, ckpt, zero)")
            cfg[k.strip()] = int(v)
        out.append(cfg)
    return out


def synthetic(n: int, prompt: int, response: int, vocab: int, seed: int = 0) -> list[Sequence]:
    rng = random.Random(seed)
    return [Sequence(prompt_ids=[rng.randrange(vocab) for _ in range(prompt)],
                     response_ids=[rng.randrange(vocab) for _ in range(response)],
                     advantages=[rng.uniform(-1, 1) for _ in range(response)],
                     old_logprobs=[-rng.uniform(0, 5) for _ in range(response)]) for _ in range(n)]


def run_config(model: str, device: str, c: dict, seqs: list[Sequence], steps: int, monitor) -> dict:
    cfg = LearnerConfig(micro_batch_size=c["mb"], gradient_checkpointing=bool(c["ckpt"]), zero_stage=c["zero"])
    w = LearnerWorker(cfg, model, device, rank=0)
    w.init("127.0.0.1", free_port())
    n_params = sum(p.numel() for p in w.engine.module.parameters())
    if device == "cuda":
        torch.cuda.reset_peak_memory_stats()
    w.rl_step(seqs)  # warm-up: allocator, kernels, optimizer state
    times, busy = [], []
    for _ in range(steps):
        if monitor is not None:
            monitor.mark()
        t = time.perf_counter()
        w.rl_step(seqs)
        times.append(time.perf_counter() - t)
        if monitor is not None:
            busy.append(monitor.mark()[0])
    peak = torch.cuda.max_memory_allocated() / 2**30 if device == "cuda" else float("nan")
    del w.engine, w.optimizer, w
    gc.collect()
    if device == "cuda":
        torch.cuda.empty_cache()
    step = statistics.mean(times)
    tokens = sum(len(s.prompt_ids) + len(s.response_ids) for s in seqs)
    flops = (8 if c["ckpt"] else 6) * n_params * tokens
    return dict(config=f"mb={c['mb']} ckpt={c['ckpt']} zero={c['zero']}", step_s=step, tokens_per_s=tokens / step,
                busy=statistics.mean(busy) if busy else float("nan"), tflops=flops / step / 1e12, peak_gib=peak,
                params_b=n_params / 1e9)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", required=True, help="HF causal-LM directory (e.g. from bench/random_model.py)")
    ap.add_argument("--configs", default=DEFAULT_CONFIGS, help="';'-separated, each 'mb=N,ckpt=0|1,zero=0|1|2'")
    ap.add_argument("--seqs", type=int, default=128, help="sequences per step (tasks x samples)")
    ap.add_argument("--prompt", type=int, default=300)
    ap.add_argument("--response", type=int, default=1024)
    ap.add_argument("--steps", type=int, default=2)
    ap.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"])
    args = ap.parse_args()
    device = ("cuda" if torch.cuda.is_available() else "cpu") if args.device == "auto" else args.device
    from transformers import AutoConfig

    vocab = AutoConfig.from_pretrained(args.model).vocab_size
    seqs = synthetic(args.seqs, args.prompt, args.response, vocab)
    from tritonrl.gpu_monitor import start_monitor

    monitor = start_monitor(device)
    rows = []
    for c in parse_configs(args.configs):
        try:
            rows.append(run_config(args.model, device, c, seqs, args.steps, monitor))
        except torch.OutOfMemoryError as e:
            rows.append(dict(config=f"mb={c['mb']} ckpt={c['ckpt']} zero={c['zero']}", error=f"OOM: {str(e)[:80]}"))
            gc.collect()
            torch.cuda.empty_cache()
        print(rows[-1], flush=True)
    name = torch.cuda.get_device_name(0) if device == "cuda" else "cpu"
    print(f"\n{args.seqs} sequences x ({args.prompt} prompt + {args.response} response) tokens, {args.model}, {name}")
    print("| config | step s | tokens/s | busy | TFLOP/s | peak GiB |\n|---|---|---|---|---|---|")
    for r in rows:
        if "error" in r:
            print(f"| {r['config']} | {r['error']} | | | | |")
        else:
            print(f"| {r['config']} | {r['step_s']:.2f} | {r['tokens_per_s']:,.0f} | {r['busy']:.2f} | "
                  f"{r['tflops']:.0f} | {r['peak_gib']:.1f} |")


if __name__ == "__main__":
    main()
