"""Stage 1 (static AST checks): every cheat file is caught with its code, honest candidates and the
built-in gold solutions pass clean, and no input makes check_source raise."""
from __future__ import annotations

from pathlib import Path

import pytest

from tritonrl.verifier_workers.static_checks import MAX_SOURCE_CHARS, VIOLATION_CODES, Violation, check_source

HERE = Path(__file__).parent
CHEATS = sorted((HERE / "cheats").glob("*.py"))
HONEST = sorted((HERE / "honest").glob("*.py"))
BUILTIN = HERE.parent / "tritonrl" / "tasks" / "builtin"
GOLDS = sorted(BUILTIN.glob("*_gold.py"))
# The reference the cheat files are checked against (fp32, a plain torch.relu).
RELU_REF = """import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)
"""


def codes(src: str, ref: str | None = None) -> set[str]:
    return {v.code for v in check_source(src, ref)}


@pytest.mark.parametrize("path", CHEATS, ids=[p.stem for p in CHEATS])
def test_cheat_is_caught_with_its_code(path: Path) -> None:
    expected = path.stem.split("__")[0]
    assert expected in VIOLATION_CODES, f"cheat file names an unknown code {expected}"
    found = codes(path.read_text(), RELU_REF)
    assert expected in found, f"{path.name}: expected {expected}, got {sorted(found)}"


def test_every_code_has_a_cheat() -> None:
    covered = {p.stem.split("__")[0] for p in CHEATS}
    assert set(VIOLATION_CODES) - covered <= {"analysis_error"}  # covered by the robustness tests


@pytest.mark.parametrize("path", HONEST, ids=[p.stem for p in HONEST])
def test_honest_candidate_has_no_violations(path: Path) -> None:
    found = check_source(path.read_text(), RELU_REF)
    assert found == [], [v.message for v in found]


def test_at_least_eight_honest_styles() -> None:
    assert len(HONEST) >= 8


@pytest.mark.parametrize("gold", GOLDS, ids=[p.stem for p in GOLDS])
def test_builtin_gold_has_no_violations(gold: Path) -> None:
    ref = gold.with_name(gold.name.replace("_gold.py", ".py"))
    found = check_source(gold.read_text(), ref.read_text() if ref.exists() else None)
    assert found == [], [v.message for v in found]


def test_violations_are_one_line_with_known_codes_and_lines() -> None:
    for path in CHEATS:
        for v in check_source(path.read_text(), RELU_REF):
            assert isinstance(v, Violation) and v.code in VIOLATION_CODES
            assert "\n" not in v.message and len(v.message) <= 300
            if v.line is not None:
                assert v.message.startswith(f"line {v.line}:")


def test_codes_are_snake_case_and_documented() -> None:
    for code, doc in VIOLATION_CODES.items():
        assert code.replace("_", "").isalpha() and code.islower(), code
        assert doc and "\n" not in doc


HONEST_RELU = (HERE / "honest" / "elementwise_relu.py").read_text() if HONEST else ""
FORWARD_TEMPLATE = """import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        n = x.numel()
{body}
        return y
"""


def fwd(body: str) -> str:
    return FORWARD_TEMPLATE.format(body="\n".join("        " + line for line in body.strip("\n").splitlines()))


@pytest.mark.parametrize("body", [
    "if x.is_cuda:\n    k[(1,)](x, y, n, BLOCK=1024)\nelse:\n    k[(2,)](x, y, n, BLOCK=512)",
    "grid = (triton.cdiv(n, 1024),)\nk[grid](x, y, n, BLOCK=1024)",
    "launch = k\nlaunch[(1,)](x, y, n, BLOCK=1024)",
    "BLOCK = min(1024, triton.next_power_of_2(n))\nk[(triton.cdiv(n, BLOCK),)](x, y, n, BLOCK=BLOCK)",
    "h = n // 2 + x.shape[0] * 3 - x.size(0)\nk[(1,)](x.view(-1), y.view(-1), n, BLOCK=1024)",
    "while True:\n    k[(1,)](x, y, n, BLOCK=1024)\n    break",
    # guards: input checks that raise, and early returns for empty inputs (the runtime hook still requires a
    # launch in every call the verifier makes)
    "if x.dim() != 1:\n    raise ValueError('1-d only')\nk[(1,)](x, y, n, BLOCK=1024)",
    "assert x.is_contiguous()\nif n == 0:\n    return y\nk[(1,)](x, y, n, BLOCK=1024)",
    "if n == 0:\n    return y\nelif x.dim() > 4:\n    raise RuntimeError('rank')\nelse:\n    k[(1,)](x, y, n, BLOCK=1024)",
])
def test_launch_forms_pass(body: str) -> None:
    assert check_source(fwd(body)) == []


@pytest.mark.parametrize("body,code", [
    ("if x.is_cuda:\n    k[(1,)](x, y, n, BLOCK=1024)", "kernel_not_launched"),
    ("if n > 0:\n    return x.clone()\nreturn y", "kernel_not_launched"),
    ("if n > 0:\n    raise ValueError('no')\nreturn y", "kernel_not_launched"),
    ("match n:\n    case 0:\n        return y\n    case 1:\n        k[(1,)](x, y, n, BLOCK=1024)", "kernel_not_launched"),
    ("_ = [k[(1,)](x, y, n, BLOCK=1024) for _ in []]", "kernel_not_launched"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = y * 2", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny += x", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = y[x > 0]", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = -y", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = torch.where(x > 0, y, x)", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny.copy_(x.clamp(min=0))", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = sum([y, x])", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = torch.nn.functional.relu(y)", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = torch.Tensor.relu(y)", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = torch.jit.script(lambda t: t)(y)", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\nself.cache = y", "output_cache"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = y.tolist()", "torch_compute"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ny = y.to(dtype=torch.float16)", "precision_downgrade"),
    ("k[(1,)](x, y, n, BLOCK=1024)\nx.__class__ = torch.Tensor", "monkeypatch"),
    ("k[(1,)](x, y, n, BLOCK=1024)\nf = getattr(y, 'r' + 'elu')", "dynamic_code"),
    ("k[(1,)](x, y, n, BLOCK=1024)\nv = vars(y)", "dynamic_code"),
    ("k[(1,)](x, y, n, BLOCK=1024)\nd = x.__dict__", "reflection"),
    ("k[(1,)](x, y, n, BLOCK=1024)\nimport torch.utils.cpp_extension", "dynamic_code"),
    ("k[(1,)](x, y, n, BLOCK=1024)\ntorch.backends.cuda.matmul.allow_tf32 = True", "monkeypatch"),
    ("with torch.autocast('cuda'):\n    k[(1,)](x, y, n, BLOCK=1024)", "precision_downgrade"),
])
def test_forward_body_violation(body: str, code: str) -> None:
    found = codes(fwd(body))
    assert code in found, f"expected {code}, got {sorted(found)}"


def test_precision_allowed_when_reference_uses_it() -> None:
    src = fwd("h = torch.empty(n, dtype=torch.float16, device=x.device)\nk[(1,)](x.half(), h, n, BLOCK=1024)")
    assert "precision_downgrade" in codes(src, RELU_REF)
    fp16_ref = RELU_REF.replace("torch.relu(x)", "torch.relu(x.half())")
    assert "precision_downgrade" not in codes(src, fp16_ref)


def test_reference_forward_copy_needs_reference() -> None:
    copy_src = fwd("k[(1,)](x, y, n, BLOCK=1024)")
    ref = copy_src.replace("class ModelNew", "class Model")
    assert "reference_reuse" in codes(copy_src, ref)
    assert "reference_reuse" not in codes(copy_src, None)


def test_jit_body_is_triton_not_torch() -> None:
    # tensor-looking arithmetic, comparisons and tl calls inside @triton.jit are fine ...
    assert check_source(HONEST_RELU) == []
    # ... but the file-wide rules still apply there
    src = HONEST_RELU.replace("pid = tl.program_id(0);", "pid = tl.program_id(0); g = eval('1');")
    assert "dynamic_code" in codes(src)


@pytest.mark.parametrize("src", [
    "",
    "\x00\x01\x02 garbage \xff\xfe",
    bytes(range(256)).decode("latin-1") * 20,
    "def f(:\n",
    "x = " + "-" * 20000 + "1",
    "x = " + "+".join(["1"] * 50000),
    "x = " + "[" * 150 + "]" * 150,
    "x = " + "(" * 500 + ")" * 500,
    "if True:\n" + "".join(" " * (i + 1) + "if x:\n" for i in range(300)) + " " * 302 + "pass\n",
])
def test_never_raises(src: str) -> None:
    out = check_source(src)
    assert isinstance(out, list) and all(isinstance(v, Violation) for v in out)
    assert all(v.code in VIOLATION_CODES for v in out)


def test_deep_nesting_is_a_violation_not_an_error() -> None:
    src = HONEST_RELU + "\nz = " + "-" * 5000 + "1\n"
    assert codes(src) & {"analysis_error", "syntax_error"}


def test_two_megabyte_file_is_refused_cheaply() -> None:
    filler = "".join(f"def helper_{i}(a, b):\n    return a * b + {i}\n\n" for i in range(60000))
    src = HONEST_RELU + "\n" + filler
    assert len(src) > 2_000_000
    assert codes(src) == {"analysis_error"}


def test_large_honest_file_under_the_limit_passes() -> None:
    filler = "".join(f"def helper_{i}(a, b):\n    return a * b + {i}\n\n" for i in range(12000))
    src = HONEST_RELU + "\n" + filler
    assert 300_000 < len(src) < MAX_SOURCE_CHARS
    assert check_source(src) == []


def test_violation_doc_lists_exactly_the_codes() -> None:
    """docs/verifier-violations.md is the human-readable catalogue; it must not drift from VIOLATION_CODES."""
    import re

    doc = (HERE.parent / "docs" / "verifier-violations.md").read_text()
    listed = re.findall(r"^\| `([a-z_]+)` \|", doc, flags=re.MULTILINE)
    assert len(listed) == len(set(listed)), f"duplicate rows: {sorted(c for c in listed if listed.count(c) > 1)}"
    assert set(listed) == set(VIOLATION_CODES), (
        f"missing from doc: {sorted(set(VIOLATION_CODES) - set(listed))}; "
        f"not a code: {sorted(set(listed) - set(VIOLATION_CODES))}")


def test_calling_a_tensor_attribute_is_a_bug_not_a_cheat() -> None:
    """`x.shape(0)` (seen from the model during training) fails at run time; labelling it PyTorch compute
    would charge an honest mistake the cheat penalty."""
    src = (HERE / "honest" / "elementwise_relu.py").read_text()
    assert "x.numel()" in src
    broken = src.replace("x.numel()", "x.shape(0)")
    assert codes(broken, RELU_REF) == set()
