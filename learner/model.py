"""Load the policy (HF causal LM, optional LoRA via PEFT) and hand out its weights under HF names.

`merge_lora_state` turns the learner's (gathered) parameters into what the rollout engines load: base-model
parameter names, LoRA merged into the base weights and cast to the base dtype (fp32 adapters into a bf16
engine is a known silent failure). learner/actor.py calls it for every weight sync.
"""
from __future__ import annotations

from typing import Iterable, Iterator

import torch

from tritonrl.config import LoraConfig


def default_dtype(device: str) -> torch.dtype:
    return torch.bfloat16 if device == "cuda" else torch.float32


def freeze_below_top_layers(model: torch.nn.Module, n: int) -> None:
    """Train only the last `n` decoder layers and the final norm (embeddings and the LM head stay frozen)."""
    inner = getattr(model, "model", None)
    layers, norm = getattr(inner, "layers", None), getattr(inner, "norm", None)
    if layers is None or norm is None:
        raise ValueError(f"learner.trainable_top_layers needs a decoder with model.layers and model.norm; "
                         f"{type(model).__name__} has none")
    model.requires_grad_(False)
    for module in [*layers[-n:], norm]:
        module.requires_grad_(True)


def load_model(path: str, device: str = "cpu", dtype: torch.dtype | None = None, lora: LoraConfig | None = None,
               gradient_checkpointing: bool = False, trainable_top_layers: int = 0) -> torch.nn.Module:
    """An HF causal LM from a local directory (see tritonrl.models.resolve_model), ready to train."""
    from transformers import AutoModelForCausalLM

    dtype = dtype or default_dtype(device)
    try:
        model = AutoModelForCausalLM.from_pretrained(path, dtype=dtype)
    except TypeError:  # transformers < 4.56 spells it torch_dtype
        model = AutoModelForCausalLM.from_pretrained(path, torch_dtype=dtype)
    model.config.use_cache = False  # training: no KV cache
    if trainable_top_layers > 0:
        freeze_below_top_layers(model, trainable_top_layers)
    if gradient_checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    if lora is not None and lora.enabled:
        from peft import LoraConfig as PeftLoraConfig, get_peft_model

        model = get_peft_model(model, PeftLoraConfig(r=lora.r, lora_alpha=lora.alpha, lora_dropout=lora.dropout,
                                                     target_modules=list(lora.target_modules), task_type="CAUSAL_LM"))
    return model


def is_peft(model: torch.nn.Module) -> bool:
    return hasattr(model, "peft_config") and hasattr(model, "base_model")


def lora_scalings(model: torch.nn.Module) -> dict[str, float]:
    """{module prefix (PEFT names): scaling} for every LoRA layer of the default adapter."""
    out = {}
    for name, mod in model.named_modules():
        scaling = getattr(mod, "scaling", None)
        if isinstance(scaling, dict) and "default" in scaling and hasattr(mod, "lora_A"):
            out[name] = float(scaling["default"])
    return out


def merge_lora_state(named: Iterable[tuple[str, torch.Tensor]], scalings: dict[str, float]) -> Iterator[tuple[str, torch.Tensor]]:
    """PEFT-named full tensors -> base-model names, W + scaling * B @ A merged in fp32, cast to W's dtype.

    Works on any iterable of gathered tensors (plain module or ZeRO-3 gathered), so no in-place merge
    of the live model is needed.
    """
    named = dict(named)
    for name, w in named.items():
        if ".lora_" in name:
            continue
        if ".base_layer." in name:
            prefix = name.split(".base_layer.")[0]
            a = named.get(f"{prefix}.lora_A.default.weight")
            b = named.get(f"{prefix}.lora_B.default.weight")
            if a is not None and b is not None and name.endswith(".weight"):
                w = (w.float() + scalings[prefix] * (b.float() @ a.float())).to(w.dtype)
            name = name.replace(".base_layer.", ".")
        yield hf_name(name), w


def hf_name(peft_name: str) -> str:
    return peft_name[len("base_model.model."):] if peft_name.startswith("base_model.model.") else peft_name
