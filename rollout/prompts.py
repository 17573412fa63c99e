"""The KernelBench-style Triton prompt, and the response format the parser expects.

The response format: a plan inside <plan>...</plan> (what to fuse, tiling, memory access), then one
```python block with a complete file defining ModelNew. HRD credits plan tokens with speedup and code
tokens with correctness, so the two parts must be separable (parsing.py).
"""
from __future__ import annotations

from typing import Any

SYSTEM = ("You are an expert GPU kernel engineer. You rewrite PyTorch programs as custom Triton kernels "
          "that are correct and fast.")

INSTRUCTIONS = """Rewrite it as `ModelNew` using Triton kernels. Answer with a plan in <plan>...</plan> \
(kernels and what each fuses, BLOCK sizes and grid, loads/stores/masks), then one ```python block with a \
complete file: imports (torch, torch.nn as nn, triton, triton.language as tl), @triton.jit kernels doing ALL \
the math, and `class ModelNew(nn.Module)` with Model's constructor arguments whose forward only allocates \
outputs, makes views and launches the kernels (no torch math, no torch.nn.functional, no call to Model). \
No get_inputs or get_init_inputs; nothing after the code block."""


def user_message(reference_src: str) -> str:
    return ("You are given the following PyTorch architecture (KernelBench format):\n\n"
            f"```python\n{reference_src.strip()}\n```\n\n{INSTRUCTIONS}")


def messages(reference_src: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user_message(reference_src)}]


def _reference(task: Any) -> str:
    src = task if isinstance(task, str) else getattr(task, "reference_src", None)
    if not src:
        raise ValueError(f"build_prompt needs a reference program (a str or an object with reference_src), "
                         f"got {type(task).__name__}")
    return src


def build_prompt(task: Any, tokenizer=None) -> str:
    """Chat-formatted prompt text for `task` (a Task, anything with `reference_src`, or the source itself)."""
    msgs = messages(_reference(task))
    if tokenizer is not None and getattr(tokenizer, "chat_template", None):
        return tokenizer.apply_chat_template(msgs, add_generation_prompt=True, tokenize=False)
    # no chat template: a plain transcript ending where the assistant should start
    return f"System: {msgs[0]['content']}\n\nUser: {msgs[1]['content']}\n\nAssistant: "


def sft_target(plan: str, code: str) -> str:
    """The response a model should produce: exactly what parse_response splits back into (plan, code)."""
    return f"<plan>\n{plan.strip()}\n</plan>\n\n```python\n{code.strip()}\n```"
