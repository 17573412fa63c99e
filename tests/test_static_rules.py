"""The static stage (AST checks, no sandbox): what it refuses and what it lets through.

- every static cheat in the corpus is caught with the code its name gives, and every honest style and every
  built-in gold solution passes clean (files: `tests/corpus/{cheat,crash}/relu__CODE__what.py`,
  `tests/corpus/honest/relu__clean__what.py`, and `tests/data/static/honest/`: honest styles for other
  operations, checked against the same ReLU reference, so they have no runnable task in the corpus);
- forward bodies: the launch forms that count, and what after a launch is PyTorch compute or a cheat;
- honest idioms once refused (nn helpers and types, functools.wraps, do_bench under __main__, a kernel
  parameter named F, wrap_triton, allow_tf32 = False, arithmetic on the numbers forward receives...) pass,
  and the look-alike cheats next to them are still caught;
- no input makes check_source raise, and docs/verifier-violations.md lists exactly the codes.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tritonrl.verifier_workers.static.checks import MAX_SOURCE_CHARS, VIOLATION_CODES, Violation, check_source

from helpers import HEAD, TASK

HERE = Path(__file__).parent
CORPUS = HERE / "corpus"
# The corpus's static cases are named TASK__EXPECTED__what.py: EXPECTED is the code the static stage must
# report (cheat/ and crash/), or `clean` (honest/). They run against the corpus's ReLU task as well.
CHEAT_FILES = sorted(CORPUS.glob("cheat/relu__*__*.py")) + sorted(CORPUS.glob("crash/relu__*__*.py"))
HONEST_FILES = (sorted(CORPUS.glob("honest/relu__clean__*.py"))
                + sorted((HERE / "data" / "static" / "honest").glob("*.py")))
HONEST_RELU_PATH = CORPUS / "honest" / "relu__clean__elementwise_relu.py"


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


def expected_code(path: Path) -> str:
    """`relu__torch_compute__functional.py` -> `torch_compute`."""
    return path.stem.split("__")[1]


@pytest.mark.parametrize("path", CHEAT_FILES, ids=[p.stem for p in CHEAT_FILES])
def test_cheat_is_caught_with_its_code(path: Path) -> None:
    expected = expected_code(path)
    assert expected in VIOLATION_CODES, f"cheat file names an unknown code {expected}"
    found = codes(path.read_text(), RELU_REF)
    assert expected in found, f"{path.name}: expected {expected}, got {sorted(found)}"


def test_every_code_has_a_cheat() -> None:
    covered = {expected_code(p) for p in CHEAT_FILES}
    assert set(VIOLATION_CODES) - covered <= {"analysis_error"}  # covered by the robustness tests


@pytest.mark.parametrize("path", HONEST_FILES, ids=[p.stem for p in HONEST_FILES])
def test_honest_candidate_has_no_violations(path: Path) -> None:
    found = check_source(path.read_text(), RELU_REF)
    assert found == [], [v.message for v in found]


def test_at_least_eight_honest_styles() -> None:
    assert len(HONEST_FILES) >= 8


@pytest.mark.parametrize("gold", GOLDS, ids=[p.stem for p in GOLDS])
def test_builtin_gold_has_no_violations(gold: Path) -> None:
    ref = gold.with_name(gold.name.replace("_gold.py", ".py"))
    found = check_source(gold.read_text(), ref.read_text() if ref.exists() else None)
    assert found == [], [v.message for v in found]


def test_violations_are_one_line_with_known_codes_and_lines() -> None:
    for path in CHEAT_FILES:
        for v in check_source(path.read_text(), RELU_REF):
            assert isinstance(v, Violation) and v.code in VIOLATION_CODES
            assert "\n" not in v.message and len(v.message) <= 300
            if v.line is not None:
                assert v.message.startswith(f"line {v.line}:")


def test_codes_are_snake_case_and_documented() -> None:
    for code, doc in VIOLATION_CODES.items():
        assert code.replace("_", "").isalpha() and code.islower(), code
        assert doc and "\n" not in doc


HONEST_RELU = HONEST_RELU_PATH.read_text()


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
    "if n > 4096:  # a device branch would be device_branch\n    k[(1,)](x, y, n, BLOCK=1024)\nelse:\n    k[(2,)](x, y, n, BLOCK=512)",
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
    src = HONEST_RELU_PATH.read_text()
    assert "x.numel()" in src
    broken = src.replace("x.numel()", "x.shape(0)")
    assert codes(broken, RELU_REF) == set()


# ---------------------------------------------------------------- honest idioms once refused, and look-alikes


IMPORTS = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl
import torch.nn.functional as F
'''


KERNEL = '''

@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n), 0.0), mask=offs < n)
'''


def model(forward: str, extra: str = "", head: str = IMPORTS, methods: str = "") -> str:
    body = "\n".join("        " + line for line in forward.strip().splitlines())
    return head + extra + KERNEL + f'''

class ModelNew(nn.Module):
{methods}
    def forward(self, x):
{body}
'''


LAUNCH = '''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
return out'''


HONEST = {
    "nn_helpers_and_types": model(LAUNCH, head=IMPORTS + '''
import torch.nn.init as init
from torch.nn.parameter import Parameter
from torch.nn.modules.utils import _pair
from torch.nn.common_types import _size_2_t
''', methods='''
    def __init__(self, kernel_size: _size_2_t = 3):
        super().__init__()
        self.kernel_size = _pair(kernel_size)
        self.weight = Parameter(torch.empty(4, 4))
        init.kaiming_uniform_(self.weight)
'''),
    "class_name_in_repr": model(LAUNCH, methods='''
    def __repr__(self):
        return f"{self.__class__.__name__}()"
'''),
    "functools_wraps_decorator": model(LAUNCH.replace("out = torch.empty_like(x)", "x = contiguous(x)\nout = torch.empty_like(x)"),
                                       extra='''
import functools


def ensure_contiguous(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper


@ensure_contiguous
def contiguous(x):
    return x.contiguous()
'''),
    "lru_cache_without_arguments": model(LAUNCH.replace("BLOCK=256)", "BLOCK=256 * num_sms() // num_sms())"), extra='''
import functools


@functools.lru_cache(maxsize=None)
def num_sms():
    return 132
'''),
    "do_bench_under_main": model(LAUNCH, head=IMPORTS + "from triton.testing import do_bench\n") + '''

if __name__ == "__main__":
    x = torch.randn(1024)
    print(do_bench(lambda: ModelNew()(x)))
''',
    "kernel_parameter_named_F": model(LAUNCH.replace("x.numel(), BLOCK=256)", "x.numel(), 1, BLOCK=256)").replace(
        "relu_kernel[", "scale_kernel["), extra='''

@triton.jit
def scale_kernel(x_ptr, out_ptr, n, F, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n) * F, 0.0), mask=offs < n)
'''),
    "unpacked_local_named_F": model("B, F = x.shape\n" + LAUNCH.strip()),
    "isinstance_of_nn_class": model("assert not isinstance(self, nn.Linear)\n" + LAUNCH.strip()),
    "record_function_marker": model("with torch.autograd.profiler.record_function('relu'):\n"
                                    "    out = torch.empty_like(x)\n"
                                    "    relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)\n"
                                    "return out"),
    "launches_in_a_list_comprehension": model("return torch.stack([launch(x[i]) for i in range(x.shape[0])])",
                                               extra='''

def launch(row):
    out = torch.empty_like(row)
    relu_kernel[(triton.cdiv(row.numel(), 256),)](row, out, row.numel(), BLOCK=256)
    return out
'''),
    "jit_decorator_as_a_call": model(LAUNCH.replace("relu_kernel[", "relu_call_form["), extra='''

def _relu_impl(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n), 0.0), mask=offs < n)


relu_call_form = triton.jit(_relu_impl)
'''),
    "kernel_passed_to_a_launcher_module": model("return self.act(x)", extra='''

class Elementwise(nn.Module):
    def __init__(self, kernel):
        super().__init__()
        self.kernel = kernel

    def forward(self, x):
        out = torch.empty_like(x)
        self.kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
        return out
'''.replace("class Elementwise", "class Elementwise", 1), methods='''
    def __init__(self):
        super().__init__()
        self.act = Elementwise(relu_kernel)
'''),
    "autocast_turned_off": model("with torch.autocast('cuda', enabled=False):\n"
                                 "    out = torch.empty_like(x)\n"
                                 "    relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)\n"
                                 "return out"),
}


CHEATS = {
    "lru_cache_with_arguments": (model("return cached(x)", extra='''
import functools


@functools.lru_cache
def cached(x):
    out = torch.empty_like(x)
    relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
    return out
'''), "output_cache"),
    "autocast_on": (model("with torch.autocast('cuda'):\n" + "\n".join("    " + line for line in
                                                                        LAUNCH.strip().splitlines())),
                    "precision_downgrade"),
    "F_still_the_module_outside_the_kernel": (model("out = F.relu(x)\n" + LAUNCH.strip()), "torch_compute"),
    "to_override_computes": (model(LAUNCH, methods='''
    def to(self, *args, **kwargs):
        module = super().to(*args, **kwargs)
        module.table = torch.softmax(torch.randn(8), dim=0)
        return module
'''), "torch_compute"),
    "filtered_comprehension_may_not_launch": (model(
        "outs = [launch(x[i]) for i in range(x.shape[0]) if i > 100]\nreturn x", extra='''

def launch(row):
    out = torch.empty_like(row)
    relu_kernel[(triton.cdiv(row.numel(), 256),)](row, out, row.numel(), BLOCK=256)
    return out
'''), "kernel_not_launched"),
    "frombuffer_table": (model(LAUNCH, methods='''
    def __init__(self):
        super().__init__()
        self.lut = torch.frombuffer(bytearray(64), dtype=torch.float32)
'''), "dynamic_code"),
    "subprocess_only_under_main": (model(LAUNCH, head=IMPORTS + "import subprocess\n") + '''

if __name__ == "__main__":
    subprocess.run(["true"])
''', "io_access"),
}


@pytest.mark.parametrize("name", sorted(HONEST))
def test_honest_idiom_passes(name):
    found = [(v.code, v.message) for v in check_source(HONEST[name])]
    assert not found, found


@pytest.mark.parametrize("name", sorted(CHEATS))
def test_look_alike_cheat_is_caught(name):
    src, code = CHEATS[name]
    assert code in {v.code for v in check_source(src)}


HONEST_IDIOMS = {
    "wrap_triton": ("from torch.library import wrap_triton", """
out = torch.empty_like(x)
wrap_triton(relu_kernel)[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out"""),
    "launch_config_cache": ("", """
n = x.numel()
if n not in self.cfg:
    self.cfg[n] = (triton.cdiv(n, 256), 256)
programs, block = self.cfg[n]
out = torch.empty_like(x)
relu_kernel[(programs,)](x, out, n, BLOCK_SIZE=block)
return out"""),
    "allow_tf32_off": ("torch.backends.cuda.matmul.allow_tf32 = False\ntorch.backends.cudnn.allow_tf32 = False", """
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out"""),
    "dropout_seed": ("", """
seed = int(torch.randint(0, 2 ** 31 - 1, (1,)).item()) if self.training and self.p > 0 else 0
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel() + 0 * seed, BLOCK_SIZE=256)
return out"""),
    # BatchNorm's bookkeeping in training mode, and a CUDA device named outright (placed on the CPU here)
    "bn_counter_and_cuda_device": ("", """
self.bn.num_batches_tracked += 1
self.bn.num_batches_tracked.add_(1)
out = torch.empty(x.shape, device="cuda", dtype=x.dtype)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out"""),
}


def _honest(name: str) -> str:
    head, body = HONEST_IDIOMS[name]
    body = "\n".join("        " + line for line in body.strip().splitlines())
    return HEAD + head + f"""


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = {{}}
        self.p = 0.0
        self.bn = nn.BatchNorm1d(4)

    def forward(self, x):
{body}
"""


@pytest.mark.parametrize("name", sorted(HONEST_IDIOMS))
def test_honest_idiom_passes_the_static_rules(name):
    assert not check_source(_honest(name)), [(x.code, x.message) for x in check_source(_honest(name))]


def test_strict_settings_only():
    code = _honest("allow_tf32_off").replace("allow_tf32 = False", "allow_tf32 = True")
    assert "monkeypatch" in {x.code for x in check_source(code)}


@pytest.mark.parametrize("name", ["bn_counter_and_cuda_device", "wrap_triton", "dropout_seed"])
def test_honest_idiom_is_accepted(verifier, name):
    verdict = verifier.verify(TASK, _honest(name))
    assert verdict.correct, (verdict.violations, verdict.error)


# ---------------------------------------------------------------- numbers forward receives are not tensors


SCALAR_REF = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, x, dim, scale=2.0):
        return torch.relu(x).sum(dim=dim) * scale

def get_inputs():
    return [torch.randn(8, 16), 1]

def get_init_inputs():
    return []
"""


def scalar_candidate(signature: str, body: str) -> str:
    return HEAD + f'''

class ModelNew(nn.Module):
    def forward(self, {signature}):
{body}
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
        return out
'''


NORMALISE_DIM = "        if dim < 0:\n            dim = dim + x.dim()\n"


@pytest.mark.parametrize("signature, body", [
    ("x, dim", NORMALISE_DIM),  # get_inputs() passes a number literal
    ("x, dim, scale=2.0", NORMALISE_DIM + "        inv = 1.0 / scale\n"),  # not passed: the default
    ("x, dim: int, scale: float = 2.0", NORMALISE_DIM + "        inv = 1.0 / scale\n"),
], ids=["passed_literal", "default", "annotated"])
def test_arithmetic_on_numbers_forward_receives_is_not_tensor_compute(signature, body):
    found = {x.code for x in check_source(scalar_candidate(signature, body), SCALAR_REF)}
    assert "torch_compute" not in found, found


def test_arithmetic_on_the_tensor_argument_is_still_tensor_compute():
    found = {x.code for x in check_source(scalar_candidate("x, dim", "        x = x * 2\n"), SCALAR_REF)}
    assert "torch_compute" in found


def test_approximate_libdevice_functions_are_a_precision_downgrade() -> None:
    # R10B_14: libdevice.fast_sinf is sin.approx.f32 on a GPU (wrong far from 0); the interpreter computes sin
    from helpers import ROUND_10, redteam_case

    _, code = redteam_case("R10B_14_sin_fast_libdevice", ROUND_10.name)
    assert "precision_downgrade" in {x.code for x in check_source(code)}
    assert "precision_downgrade" not in {x.code for x in check_source(code.replace("fast_sinf", "sin"))}
