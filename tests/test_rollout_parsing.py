"""Response parsing (plan/code split, robust to malformed output), token masks, prompts."""
from __future__ import annotations

import copy

import pytest

from tritonrl.rollout.parsing import _mask, _prefix_ends_exact, _prefix_ends_incremental, parse_response, token_char_spans
from tritonrl.rollout.prompts import build_prompt, sft_target

CODE = """import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)
        return out"""
PLAN = "Flatten x; one 1D grid of 1024-element blocks; masked loads and stores; fp32 compute."


def test_round_trip_of_sft_target():
    r = parse_response(sft_target(PLAN, CODE))
    assert (r.plan, r.code, r.error) == (PLAN, CODE, None)


@pytest.mark.parametrize("tag", ["python", "py", "python3", "", "Python"])
def test_fence_language_tags(tag):
    r = parse_response(f"<plan>{PLAN}</plan>\n```{tag}\n{CODE}\n```")
    assert r.code == CODE and r.plan == PLAN


def test_missing_plan_markers():
    r = parse_response(f"Sure! Here it is:\n```python\n{CODE}\n```")
    assert r.plan == "" and r.code == CODE and r.error is None


def test_duplicated_markers_take_the_first_plan():
    r = parse_response(f"<plan>first</plan>\n<plan>second</plan>\n```python\n{CODE}\n```\n</plan>")
    assert r.plan == "first" and r.code == CODE


def test_unclosed_plan_ends_at_the_code():
    r = parse_response(f"<plan>\n{PLAN}\n```python\n{CODE}\n```")
    assert r.plan == PLAN and r.code == CODE


def test_unclosed_fence_runs_to_the_end():
    r = parse_response(f"<plan>{PLAN}</plan>\n```python\n{CODE}\n")
    assert r.code == CODE


def test_text_after_the_code_is_ignored():
    r = parse_response(f"<plan>{PLAN}</plan>\n```python\n{CODE}\n```\nThis is fast because it fuses.\n```")
    assert r.code == CODE


def test_stray_non_python_fences_are_skipped():
    text = f"<plan>{PLAN}</plan>\n```bash\npip install triton\n```\n```python\n{CODE}\n```"
    assert parse_response(text).code == CODE
    assert parse_response("<plan>x</plan>\n```bash\nls\n```").code is None


def test_prefers_the_block_defining_modelnew():
    snippet = "x = torch.randn(4)"
    r = parse_response(f"<plan>p</plan>\n```python\n{snippet}\n```\n```python\n{CODE}\n```\n```python\nprint(1)\n```")
    assert r.code == CODE


def test_code_inside_the_plan_is_still_found():
    r = parse_response(f"<plan>{PLAN}\n```python\n{CODE}\n```\n</plan>")
    assert r.code == CODE


def test_unfenced_code():
    r = parse_response(f"<plan>{PLAN}</plan>\nHere is the file.\n{CODE}\n")
    assert r.code == CODE and r.plan == PLAN


@pytest.mark.parametrize("text", ["", "I cannot do that.", "<plan>only a plan</plan>", "```python\n\n```"])
def test_no_code_is_reported_not_dropped(text):
    r = parse_response(text)
    assert r.code is None and r.error == "no_code"


def test_mask_counts_straddling_tokens_for_both():
    spans = [(0, 4), (4, 9), (9, 12), (12, 12)]
    assert _mask(spans, (0, 6)) == [1, 1, 0, 0]
    assert _mask(spans, (6, 12)) == [0, 1, 1, 0]  # token 1 straddles both regions; token 3 is empty (EOS)
    assert _mask(spans, None) == [0, 0, 0, 0]


def test_masks_need_a_tokenizer():
    with pytest.raises(ValueError, match="tokenizer"):
        parse_response("x", token_ids=[1, 2, 3])


# ---------------------------------------------------------------- with the real SmolLM2 tokenizer
@pytest.fixture(scope="session")
def tokenizer():
    from tritonrl.config import ModelConfig
    from tritonrl.models import load_tokenizer, resolve_model

    return load_tokenizer(resolve_model(ModelConfig()))


def _segments(text, spans, mask):
    return [text[s:e] for (s, e), m in zip(spans, mask) if m]


@pytest.mark.slow
@pytest.mark.parametrize("suffix", ["", "\nDone. ✓ 🚀 fused → 1 kernel"])
def test_masks_align_with_the_real_tokens(tokenizer, suffix):
    text = f"<plan>\n{PLAN} Überblick: 3× faster 🚀\n</plan>\n\n```python\n{CODE}\n```{suffix}"
    ids = tokenizer(text, add_special_tokens=False)["input_ids"] + [tokenizer.eos_token_id]
    r = parse_response(text, ids, tokenizer)
    assert len(r.plan_mask) == len(r.code_mask) == len(ids)
    decoded, spans = token_char_spans(ids, tokenizer)
    assert decoded == text and "".join(decoded[s:e] for s, e in spans) == text
    plan_text = "".join(_segments(decoded, spans, r.plan_mask))
    code_text = "".join(_segments(decoded, spans, r.code_mask))
    assert plan_text.startswith("<plan>") and "🚀" in plan_text and plan_text.rstrip().endswith("</plan>")
    assert CODE in code_text and code_text.startswith("```python") and "<plan>" not in code_text
    outside = [seg for seg, p, c in zip([decoded[s:e] for s, e in spans], r.plan_mask, r.code_mask) if not (p or c)]
    assert "".join(outside).strip() == suffix.strip()  # only the gap, the trailing prose and the EOS
    assert r.plan_mask[-1] == r.code_mask[-1] == 0  # EOS


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_incremental_spans_equal_prefix_decoding(tokenizer, seed):
    """The O(n) span pass gives exactly what decoding every prefix gives, on arbitrary token ids too
    (random ids split multi-byte characters and mix in special tokens, like an untrained model's output)."""
    import random

    rng = random.Random(seed)
    text = f"<plan>{PLAN} Überblick 🚀 →</plan>```python\n{CODE}\n```"
    ids = tokenizer(text, add_special_tokens=False)["input_ids"]
    ids = [rng.randrange(len(tokenizer)) for _ in range(300)] if seed else ids + [tokenizer.eos_token_id]
    joined, ends = _prefix_ends_incremental(ids, tokenizer)
    assert joined == tokenizer.decode(ids, skip_special_tokens=True)
    assert ends == _prefix_ends_exact(ids, tokenizer)


@pytest.mark.slow
def test_masks_on_tokens_that_differ_from_text(tokenizer):
    """Masks follow the tokens even when the engine's text was detokenised differently."""
    text = sft_target(PLAN, CODE)
    ids = tokenizer(text, add_special_tokens=False)["input_ids"]
    r = parse_response(text.replace("\n\n```", "\n```"), ids, tokenizer)
    assert sum(r.plan_mask) > 10 and sum(r.code_mask) > 100 and r.code == CODE


@pytest.mark.slow
def test_prompt_uses_the_chat_template(tokenizer):
    from tritonrl.tasks.suite import load_builtin

    task = load_builtin()[0]
    prompt = build_prompt(task, tokenizer)
    assert prompt.startswith("<|im_start|>system") and prompt.endswith("<|im_start|>assistant\n")
    assert task.reference_src.strip() in prompt and "<plan>" in prompt and "ModelNew" in prompt
    assert len(tokenizer(prompt)["input_ids"]) < 1024  # leaves room to answer in max_model_len 2048
    plain = copy.deepcopy(tokenizer)
    plain.chat_template = None
    fallback = build_prompt(task.reference_src, plain)
    assert fallback.startswith("System: ") and fallback.endswith("Assistant: ") and task.reference_src.strip() in fallback


def test_prompt_rejects_a_task_without_reference():
    with pytest.raises(ValueError, match="reference"):
        build_prompt(object())
