"""Near-duplicate detection between task references: what keeps a held-out set from being a dev set.

Contract: `normalize(src)` reduces a Python program to the structure a model would copy: comments and
docstrings dropped (an AST round trip), the module prefix of an op dropped and its name lower-cased
(`torch.sin`, `tl.sin` -> `sin`; `F.gelu` -> `gelu`; `nn.Conv2d` -> `conv2d`), every number replaced by `0`,
strings emptied, whitespace collapsed. A torch reference and its `tl.` rewrite, or two references that differ
only in their sizes, normalise to nearly the same text; two that differ only in one op name score ~0.98. `similarity(a, b)` is difflib's ratio of the two
normalised texts, in [0, 1]; `closest(heldout, others)` is the most similar (score, held-out name, other
name) pair. Source that does not parse is compared as raw text (whitespace collapsed).
"""
from __future__ import annotations

import ast
import difflib
import re
from functools import lru_cache
from typing import Iterable

AUDIT_THRESHOLD = 0.9  # a held-out reference at or above this similarity to a training item is a leak


MODULE_ALIASES = frozenset({"torch", "nn", "F", "functional", "tl", "triton", "language", "math", "np", "numpy"})


class _Normalizer(ast.NodeTransformer):
    """`torch.sin` / `tl.sin` / `torch.nn.functional.gelu` -> `sin` / `gelu`; numbers -> 0; docstrings dropped."""

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.value, ast.Name) and node.value.id in MODULE_ALIASES:
            return ast.copy_location(ast.Name(node.attr.lower(), node.ctx), node)
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return ast.copy_location(ast.Constant(0), node)
        if isinstance(node.value, str):  # messages say nothing about the program
            return ast.copy_location(ast.Constant(""), node)
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]  # the docstring
        return super().generic_visit(node)


@lru_cache(maxsize=4096)
def normalize(src: str) -> str:
    """The normalised text of one program (see the module docstring)."""
    try:
        tree = _Normalizer().visit(ast.parse(src))
        text = ast.unparse(tree)
    except (SyntaxError, ValueError, RecursionError):
        text = re.sub(r"#.*", "", src)
    return re.sub(r"\s+", " ", text).strip()


def similarity(a: str, b: str) -> float:
    """difflib ratio of the normalised programs (1.0: the same program up to op names and numbers)."""
    return ratio(normalize(a), normalize(b))


def ratio(na: str, nb: str) -> float:
    """difflib ratio of two already normalised texts."""
    if na == nb:
        return 1.0
    return difflib.SequenceMatcher(None, na, nb, autojunk=False).ratio()


def at_least(na: str, nb: str, threshold: float) -> bool:
    """ratio(na, nb) >= threshold, with difflib's cheap upper bounds tried first."""
    if na == nb:
        return True
    m = difflib.SequenceMatcher(None, na, nb, autojunk=False)
    return m.real_quick_ratio() >= threshold and m.quick_ratio() >= threshold and m.ratio() >= threshold


def neighbours(text: str, others: list[str], threshold: float) -> list[int]:
    """Indices of the (normalised) `others` at least `threshold` similar to the (normalised) `text`."""
    m = difflib.SequenceMatcher(None, autojunk=False)
    m.set_seq2(text)
    out = []
    for i, o in enumerate(others):
        m.set_seq1(o)
        if o == text or (m.real_quick_ratio() >= threshold and m.quick_ratio() >= threshold
                         and m.ratio() >= threshold):
            out.append(i)
    return out


def closest(heldout: Iterable[tuple[str, str]], others: Iterable[tuple[str, str]],
            floor: float = 0.0) -> tuple[float, str, str]:
    """(score, held-out name, other name) of the most similar pair; (0.0, "", "") when either side is empty.

    `heldout` and `others` are (name, source) pairs. difflib's cheap upper bounds skip pairs that cannot beat
    the best score so far (or `floor`), so the answer is exact but most pairs cost little."""
    others = [(n, normalize(s)) for n, s in others]
    best = (0.0, "", "")
    for hname, hsrc in heldout:
        h = normalize(hsrc)
        m = difflib.SequenceMatcher(None, autojunk=False)
        m.set_seq2(h)
        for oname, o in others:
            bar = max(best[0], floor)
            if o == h:
                return (1.0, hname, oname)
            m.set_seq1(o)
            if m.real_quick_ratio() <= bar or m.quick_ratio() <= bar:
                continue
            r = m.ratio()
            if r > best[0]:
                best = (r, hname, oname)
    return best
