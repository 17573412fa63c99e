"""A Qwen2.5-shaped model with random weights and SmolLM2's tokenizer, saved as an HF directory: for
throughput figures of `tritonrl train` at a realistic size (random weights never give learning figures).

Run (GPU): python bench/random_model.py --arch 0.5b --out /tmp/rand-0.5b
then:      tritonrl train preset=gpu1 model.path=/tmp/rand-0.5b model.name=qwen2.5-0.5b-random ...
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import torch
from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_sync import model_dir  # noqa: E402  (the architectures' config.json + tokenizer files)

from tritonrl.config import ModelConfig  # noqa: E402
from tritonrl.models import resolve_model  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", default="0.5b", help="0.5b | 1.5b | 7b (bench_sync.ARCHS)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    smollm = resolve_model(ModelConfig())
    tok = AutoTokenizer.from_pretrained(smollm)
    src = Path(model_dir(args.arch, smollm))
    cfg = json.loads((src / "config.json").read_text())
    # the tokenizer's ids must be the model's: every sampled id decodes, every prompt id embeds
    cfg.update(vocab_size=len(tok), bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id)
    (src / "config.json").write_text(json.dumps(cfg))
    torch.manual_seed(0)
    model = AutoModelForCausalLM.from_config(AutoConfig.from_pretrained(src), dtype=torch.bfloat16)
    model.save_pretrained(args.out)
    tok.save_pretrained(args.out)
    n = sum(p.numel() for p in model.parameters())
    print(f"{args.arch}: {n / 1e9:.2f}B parameters (random), vocab {len(tok)} -> {args.out}")


if __name__ == "__main__":
    main()
