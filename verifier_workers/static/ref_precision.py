"""Which reduced float precisions a (trusted) reference's source uses, read from its syntax tree.

`reference_precisions(src) -> frozenset` of "float16", "bfloat16", "float8". A candidate may compute in a
precision the task itself uses; any other is a downgrade (static: checks.py and forward.py; run time:
the supervisor's funnel/runs.py, which hands the worker `ref_low_precision` with the dtypes of the
reference's actual tensors: the worker imports nothing from static/).

What counts is a dtype, not a word: `torch.float16`, `torch.half`, `torch.bfloat16`, `torch.float8_e4m3fn`,
`HalfTensor` (any base), a `.half()` / `.bfloat16()` call, a bare `float16`/`bfloat16` name (imported from
torch), an import of one, or a string that is exactly a dtype's name (`dtype="float16"`). Not a variable or
attribute of the reference's own named `half` (`half = dim // 2`, `self.half`), nor prose in a docstring or
comment: a regex over the text let the word "half" in an fp32 reference allow fp16 kernels (red-team round
5, R5C_06). Used by both sides so that they agree. Pure AST; the standard library only.
"""
from __future__ import annotations

import ast
import re

from tritonrl.verifier_workers.static.allowlists import LOW_PRECISION

# strings that name a reduced float dtype in full (`.to("float16")`, `dtype="bf16"` in a config)
_DTYPE_STRINGS = {"float16": "float16", "half": "float16", "fp16": "float16", "torch.float16": "float16",
                  "torch.half": "float16", "bfloat16": "bfloat16", "bf16": "bfloat16", "torch.bfloat16": "bfloat16"}
_SELF = {"self", "cls"}


def _low(name: str) -> str | None:
    if name.startswith("float8"):
        return "float8"
    return LOW_PRECISION.get(name)


def _root(e: ast.AST) -> str | None:
    while isinstance(e, ast.Attribute):
        e = e.value
    return e.id if isinstance(e, ast.Name) else None


def reference_precisions(src: str | None) -> frozenset[str]:
    """The reduced float precisions the reference's source names as dtypes (see the module docstring)."""
    if not src:
        return frozenset()
    try:
        tree = ast.parse(src)
    except SyntaxError:  # not Python: fall back to the words (the permissive side)
        return frozenset(p for p, pat in (("float16", r"float16|\bhalf\b"), ("bfloat16", r"bfloat16"),
                                          ("float8", r"float8")) if re.search(pat, src))
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    found = set()
    for n in ast.walk(tree):
        low = None
        if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and (low := _low(n.attr)):
            # `x.half()` converts; `torch.half` is the dtype; `self.half` is the reference's own number
            if n.attr == "half" and id(n) not in called and _root(n) in _SELF | {None}:
                low = None
        elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id != "half":
            low = _low(n.id)
        elif isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "torch":
            low = next((x for a in n.names if (x := _low(a.name))), None)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str):
            s = n.value.strip().lower()
            low = "float8" if s.removeprefix("torch.").startswith("float8") else _DTYPE_STRINGS.get(s)
        if low:
            found.add(low)
    return frozenset(found)
