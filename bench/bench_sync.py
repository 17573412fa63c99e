"""Weight-sync seconds, learner -> vLLM actor, for Qwen2.5-shaped architectures of about 0.5B, 1.5B and 7B
parameters (random weights: the architecture sets the bytes and tensor count, the values do not matter).

The "learner" here is this process holding the model on the GPU in bf16 and sending with the same sender
classes learner rank 0 uses in `tritonrl train` (rollout/weight_sync.py). One GPU: CUDA IPC (colocated);
two GPUs: NCCL broadcast to an engine on the other GPU as well.
Run (GPU): python bench/bench_sync.py [--sizes 0.5b,1.5b,7b] [--reps 3]
Targets: <= 1 s at 1.5B, <= 2 s at 7B on one node.
"""
from __future__ import annotations

import argparse
import gc
import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import ray
import torch

# Qwen2.5 shapes (config.json of the released models)
ARCHS = {
    "0.5b": dict(hidden_size=896, num_hidden_layers=24, num_attention_heads=14, num_key_value_heads=2,
                 intermediate_size=4864, vocab_size=151936, tie_word_embeddings=True),
    "1.5b": dict(hidden_size=1536, num_hidden_layers=28, num_attention_heads=12, num_key_value_heads=2,
                 intermediate_size=8960, vocab_size=151936, tie_word_embeddings=True),
    "7b": dict(hidden_size=3584, num_hidden_layers=28, num_attention_heads=28, num_key_value_heads=4,
               intermediate_size=18944, vocab_size=152064, tie_word_embeddings=False),
}


def model_dir(arch: str, tokenizer_src: str) -> str:
    """config.json of the architecture + a tokenizer (vLLM's dummy loader makes the weights)."""
    d = Path(tempfile.mkdtemp(prefix=f"sync-{arch}-"))
    cfg = dict(architectures=["Qwen2ForCausalLM"], model_type="qwen2", hidden_act="silu", max_position_embeddings=4096,
               rms_norm_eps=1e-6, rope_theta=1e6, torch_dtype="bfloat16", bos_token_id=0, eos_token_id=0,
               use_sliding_window=False, **ARCHS[arch])
    (d / "config.json").write_text(json.dumps(cfg))
    for f in Path(tokenizer_src).iterdir():
        if f.name.startswith(("tokenizer", "special_tokens", "vocab", "merges")):
            shutil.copy(f, d / f.name)
    return str(d)


def bench(arch: str, kind: str, path: str, reps: int) -> tuple[float, list[float], int]:
    from transformers import AutoConfig, AutoModelForCausalLM

    from tritonrl.rollout.vllm_engine import VLLMEngine
    from tritonrl.rollout.weight_sync import make_sender

    engine = ray.remote(VLLMEngine).options(num_gpus=0.45 if kind == "ipc" else 1).remote(
        path, device="cuda", dtype="bfloat16", gpu_memory_utilization=0.4, max_model_len=1024,
        llm_kwargs={"load_format": "dummy", "enforce_eager": True})
    ray.get(engine.ready.remote())
    torch.cuda.set_device(0 if kind == "ipc" else 1)
    with torch.device("cuda"):
        model = AutoModelForCausalLM.from_config(AutoConfig.from_pretrained(path), dtype=torch.bfloat16)
    n_params = sum(p.numel() for p in model.parameters())
    sender = make_sender(kind, [engine])
    sender.send(model)  # first sync: handle caches, NCCL communicator warm-up
    times = []
    for _ in range(reps):
        torch.cuda.synchronize()
        t = time.perf_counter()
        sender.send(model)
        times.append(time.perf_counter() - t)
    ray.get(engine.shutdown.remote())
    ray.kill(engine)
    del model, sender
    gc.collect()
    torch.cuda.empty_cache()
    return statistics.median(times), times, n_params


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="0.5b,1.5b,7b")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    from tritonrl.config import ModelConfig
    from tritonrl.models import resolve_model

    tok_src = resolve_model(ModelConfig())
    kinds = ["ipc"] + (["nccl"] if torch.cuda.device_count() >= 2 else [])
    ray.init(num_gpus=1, include_dashboard=False)  # engines on GPU 0; NCCL's learner side uses GPU 1
    rows = []
    for arch in args.sizes.split(","):
        path = model_dir(arch, tok_src)
        for kind in kinds:
            med, times, n = bench(arch, kind, path, args.reps)
            rows.append((arch, kind, n, med, times))
            print(f"{arch} {kind}: median {med:.3f} s ({', '.join(f'{t:.3f}' for t in times)})", flush=True)
    ray.shutdown()
    print(f"\n{torch.cuda.get_device_name()}, bf16, median of {args.reps} syncs after one warm-up")
    print(f"{'arch':6s} {'transport':9s} {'params':>8s} {'GB':>6s} {'sync s':>7s} {'GB/s':>6s}")
    for arch, kind, n, med, _ in rows:
        gb = 2 * n / 1e9
        print(f"{arch:6s} {kind:9s} {n / 1e9:7.2f}B {gb:6.2f} {med:7.3f} {gb / med:6.1f}")


if __name__ == "__main__":
    main()
