"""The model a user takes away: the learner's weights (LoRA merged, HF names: LearnerGroup.named_weights)
written as a Hugging Face directory (`save_pretrained` of the model and its tokenizer) that transformers'
`from_pretrained` and vLLM load. Written to a temp dir first, then swapped in, so `out_dir` always holds
one complete export (the newest)."""
from __future__ import annotations

import os
import shutil
import tempfile

import torch


def export_hf(weights: dict[str, torch.Tensor], base_path: str, tokenizer, out_dir: str) -> str:
    """Load `base_path`'s architecture, put `weights` in it (every parameter must be covered, except an lm_head
    tied to the embeddings), save it with `tokenizer` to `out_dir`; returns the absolute `out_dir`."""
    from transformers import AutoModelForCausalLM

    if not weights:
        raise ValueError("export: no weights to export")
    dtype = next(iter(weights.values())).dtype  # the learner's precision, no upcast of a large model
    model = AutoModelForCausalLM.from_pretrained(base_path, dtype=dtype)
    missing, unexpected = model.load_state_dict(weights, strict=False)
    tied = getattr(model.config, "tie_word_embeddings", False)
    missing = [k for k in missing if not (tied and k == "lm_head.weight")]
    if missing or unexpected:
        raise RuntimeError(f"export: the learner's weights do not fit {base_path}: "
                           f"missing={missing[:5]} unexpected={unexpected[:5]}")
    if tied:
        model.tie_weights()
    out_dir = os.path.abspath(out_dir)
    os.makedirs(os.path.dirname(out_dir), exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=f".{os.path.basename(out_dir)}.", dir=os.path.dirname(out_dir))
    try:
        model.save_pretrained(tmp)
        tokenizer.save_pretrained(tmp)
        os.chmod(tmp, 0o755)
        old = out_dir + ".old"
        if os.path.isdir(out_dir):
            shutil.rmtree(old, ignore_errors=True)
            os.replace(out_dir, old)
        os.replace(tmp, out_dir)
        shutil.rmtree(old, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out_dir
