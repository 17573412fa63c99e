"""Split a response into its plan and its code, with per-token masks for HRD.

The expected format (prompts.sft_target): `<plan>...</plan>` then one ```python fenced file. The parser
is forgiving: missing or duplicated markers, unclosed fences, stray non-Python fences, ```py/```python3/```
fences, unfenced code and text after the code all parse. A sample with no code gets code=None and
error="no_code"; it is never dropped (the trainer turns it into a zero-reward verdict).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

PLAN_OPEN, PLAN_CLOSE = "<plan>", "</plan>"
# an opening fence at a line start: ``` + optional language tag
FENCE_OPEN = re.compile(r"^[ \t]*```[ \t]*([A-Za-z0-9_+.-]*)[^\n]*\n", re.M)
FENCE_CLOSE = re.compile(r"^[ \t]*```[ \t]*$", re.M)
PYTHON_TAGS = {"", "python", "py", "python3", "py3", "triton"}
CODE_START = re.compile(r"^(import |from \S+ import |@triton\.jit|class ModelNew|def )", re.M)


@dataclass
class ParsedResponse:
    plan: str
    code: str | None
    plan_mask: list[int] = field(default_factory=list)  # per response token: 1 if it overlaps the plan
    code_mask: list[int] = field(default_factory=list)  # per response token: 1 if it overlaps the code
    error: str | None = None


def _plan_span(text: str) -> tuple[int, int, str] | None:
    """(start, end, inner text) of the first <plan> block; an unclosed plan ends at the first fence."""
    start = text.find(PLAN_OPEN)
    if start < 0:
        return None
    inner_start = start + len(PLAN_OPEN)
    close = text.find(PLAN_CLOSE, inner_start)
    if close >= 0:
        return start, close + len(PLAN_CLOSE), text[inner_start:close].strip()
    fence = FENCE_OPEN.search(text, inner_start)
    end = fence.start() if fence else len(text)
    return start, end, text[inner_start:end].strip()


def _fenced_blocks(text: str, pos: int = 0) -> list[tuple[int, int, str, str]]:
    """[(start, end, language, body)] of fenced blocks from `pos`; an unclosed block runs to the end."""
    blocks = []
    while (m := FENCE_OPEN.search(text, pos)) is not None:
        close = FENCE_CLOSE.search(text, m.end())
        body_end, end = (close.start(), close.end()) if close else (len(text), len(text))
        blocks.append((m.start(), end, m.group(1).lower(), text[m.end():body_end]))
        pos = end
    return blocks


def _code_span(text: str, after: int) -> tuple[int, int, str] | None:
    blocks = [b for b in _fenced_blocks(text, after) if b[2] in PYTHON_TAGS and b[3].strip()]
    if not blocks and after:  # code put inside the plan, say
        blocks = [b for b in _fenced_blocks(text) if b[2] in PYTHON_TAGS and b[3].strip()]
    if blocks:
        # prefer the (last) block defining ModelNew: drafts and snippets usually come first
        with_model = [b for b in blocks if "class ModelNew" in b[3]]
        start, end, _, body = (with_model or blocks)[-1]
        return start, end, body.strip("\n")
    if "```" in text[after:]:
        return None  # only non-Python fences: not code we should guess at
    # unfenced: from the first code-looking line to the end
    m = CODE_START.search(text, after)
    if m is None or "ModelNew" not in text[m.start():]:
        return None
    return m.start(), len(text), text[m.start():].strip("\n")


def _prefix_ends_incremental(token_ids: list[int], tokenizer) -> tuple[str, list[int | None]]:
    """Each prefix's decoded length, decoding a short window per token as vLLM's incremental detokenizer
    does: O(n) instead of O(n^2). None where the prefix ends inside a multi-byte character."""
    text, ends, prefix, read = "", [], 0, 0
    for i in range(1, len(token_ids) + 1):
        before = tokenizer.decode(token_ids[prefix:read], skip_special_tokens=True)
        after = tokenizer.decode(token_ids[prefix:i], skip_special_tokens=True)
        if after.endswith("\ufffd"):
            ends.append(None)
            continue
        if len(after) > len(before):
            text += after[len(before):]
            prefix, read = read, i
        ends.append(len(text))
    return text, ends


def _prefix_ends_exact(token_ids: list[int], tokenizer) -> list[int | None]:
    ends: list[int | None] = []
    for i in range(1, len(token_ids) + 1):
        prefix = tokenizer.decode(token_ids[:i], skip_special_tokens=True)
        ends.append(None if prefix.endswith("\ufffd") else len(prefix))
    return ends


def token_char_spans(token_ids: list[int], tokenizer) -> tuple[str, list[tuple[int, int]]]:
    """The decoded text and each token's [start, end) in it.

    Prefix lengths come from incremental decoding; where that does not reproduce the full decoding (a
    tokenizer whose decode is not concatenative), every prefix is decoded instead. A token that ends inside
    a multi-byte character gets its span extended to the next clean boundary, so it overlaps what it
    helped to spell.
    """
    text = tokenizer.decode(token_ids, skip_special_tokens=True)
    joined, ends = _prefix_ends_incremental(token_ids, tokenizer)
    if joined != text:
        ends = _prefix_ends_exact(token_ids, tokenizer)
    nxt = len(text)
    for i in range(len(ends) - 1, -1, -1):
        ends[i] = nxt = min(ends[i], nxt) if ends[i] is not None else nxt
    spans, start = [], 0
    for end in ends:
        spans.append((min(start, end), end))
        start = end
    return text, spans


def _mask(spans: list[tuple[int, int]], region: tuple[int, int] | None) -> list[int]:
    if region is None:
        return [0] * len(spans)
    a, b = region
    return [int(s < b and e > a) for s, e in spans]


def _split(text: str) -> tuple[tuple[int, int, str] | None, tuple[int, int, str] | None]:
    plan = _plan_span(text)
    return plan, _code_span(text, plan[1] if plan else 0)


def parse_response(text: str, token_ids: list[int] | None = None, tokenizer=None) -> ParsedResponse:
    plan, code = _split(text)
    parsed = ParsedResponse(plan=plan[2] if plan else "", code=code[2] if code else None,
                            error=None if code else "no_code")
    if token_ids is not None and tokenizer is not None:
        # spans are taken on the tokenizer's own decoding, so they line up with the tokens exactly
        decoded, spans = token_char_spans(list(token_ids), tokenizer)
        dplan, dcode = (plan, code) if decoded == text else _split(decoded)
        parsed.plan_mask = _mask(spans, dplan[:2] if dplan else None)
        parsed.code_mask = _mask(spans, dcode[:2] if dcode else None)
    elif token_ids is not None:
        raise ValueError("parse_response: token masks need the tokenizer that produced token_ids")
    return parsed
