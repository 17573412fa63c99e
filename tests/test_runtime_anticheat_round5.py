"""Anti-cheat from red-team round 5 (docs/verifier.md). Candidates run in real sandboxes; the runtime cheats
with the static stage off (each must be caught at run time whatever the AST rules say):

- PyTorch compute in an overridden `to`/`_apply` (the harness's `model.to(device)`): init_compute;
- compute at import time (module level, class bodies): init_compute;
- a table of the task's function computed in Python and turned into a tensor (a LUT): host_table;
- weights folded into each other with in-place tensor arithmetic, or read element by element, in __init__;
- a float tensor converted to integers in forward (the conversion rounds: floor, trunc, round);

and the heterogeneous-values variant, which closes shortcuts that hold only for i.i.d. Gaussian inputs.
"""
import pytest
from test_runtime_anticheat_round3 import HEAD, TASK, model

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import Verifier
from tritonrl.verifier_workers.static_checks import check_source

RELU_FORWARD = '''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out'''

TO_OVERRIDE = HEAD + '''

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.table = None

    def _apply(self, fn, recurse=True):
        module = super()._apply(fn, recurse)
        self.table = torch.softmax(torch.randn(8), dim=0)  # precomputed where __init__'s watch is not
        return module

    def forward(self, x):
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
        return out
'''

RUNTIME_CHEATS = {
    "to_override": (TO_OVERRIDE, "init_compute"),
    "import_time_compute": (model(RELU_FORWARD, extra="\n_TABLE = torch.tanh(torch.linspace(-4, 4, 64))\n"),
                            "init_compute"),
    "python_lut_at_import": (model(RELU_FORWARD, extra="\nimport math\n"
                                   "_LUT = torch.tensor([math.tanh(i / 100) for i in range(1000)])\n"), "init_compute"),
    "python_lut_elementwise": (model(RELU_FORWARD, init='''
lut = torch.empty(1000)
for i in range(1000):
    lut[i] = max(i / 100 - 5, 0.0)
self.lut = lut'''), "init_compute"),
    "inplace_tensor_fold": (model(RELU_FORWARD, init='''
w = torch.randn(16, 8)
acc = torch.zeros(8)
for row in w:
    acc.add_(row)
self.acc = acc'''), "init_compute"),
    "host_reads_in_init": (model(RELU_FORWARD, init='''
w = torch.randn(64)
self.total = sum(float(v) for v in w)'''), "init_compute"),
    "table_built_piece_by_piece": (model(RELU_FORWARD, init='''
import math
slab = torch.empty(400, 17)
for i in range(400):
    slab[i].fill_(math.tanh(i / 50 - 4))
self.lut = slab[:, 0].contiguous()''', extra="\nimport math\n"), "init_compute"),
    "linspace_with_tensor_endpoints": (model(RELU_FORWARD, init='''
w = torch.randn(8)
self.mid = torch.linspace(w[0], w[1], 3)[1]'''), "init_compute"),
    "descriptor_over_a_fake_tensor": (HEAD + '''
from triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def desc_copy_kernel(src_desc, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, src_desc.load([0]))


class Lazy:
    def __init__(self, x):
        self.x = x
        self.dtype = x.dtype

    def untyped_storage(self):
        return torch.relu(self.x).untyped_storage()

    def data_ptr(self):
        return torch.relu(self.x).data_ptr()


class ModelNew(nn.Module):
    def forward(self, x):
        flat = x.reshape(-1)
        out = torch.empty_like(flat)
        desc = TensorDescriptor(Lazy(flat), [flat.numel()], [1], [flat.numel()])
        desc_copy_kernel[(1,)](desc, out, BLOCK=flat.numel())
        return out.view_as(x)
''', "no_triton_launch_or_compile"),
    "float_to_int_in_forward": (model('''
q = x.to(torch.int32)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out'''), "torch_compute_runtime"),
}

# honest code that must stay accepted next to the rules above: scalar in-place init arithmetic (trunc_normal_
# style), a small host constant table, an int index tensor converted between int types
HONEST_INIT = model(RELU_FORWARD, init='''
w = torch.empty(16, 8)
w.normal_().mul_(0.02).add_(0.1)
self.w = nn.Parameter(w)
self.register_buffer("consts", torch.tensor([0.5, 1.0, 2.0]))
self.register_buffer("idx", torch.arange(8).to(torch.int32))''')

# mean over rows of 1 - cos(a_i, b_i): for i.i.d. Gaussian rows every cos is ~0, so the first row alone
# (times the row count) gives the answer within tolerance; with heterogeneous values the rows differ
COSINE_REF = '''
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, a, b):
        return torch.mean(1 - torch.nn.functional.cosine_similarity(a, b, dim=1))

def get_inputs():
    return [torch.randn(16, 131072), torch.randn(16, 131072)]

def get_init_inputs():
    return []
'''

COSINE_KERNEL = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cos_loss_kernel(a_ptr, b_ptr, out_ptr, n_rows, D, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = 0.0
    for r in range(ROWS):
        a = tl.load(a_ptr + r * D + offs, mask=offs < D, other=0.0)
        b = tl.load(b_ptr + r * D + offs, mask=offs < D, other=0.0)
        cos = tl.sum(a * b) / tl.maximum(tl.sqrt(tl.sum(a * a)) * tl.sqrt(tl.sum(b * b)), 1e-8)
        acc += 1.0 - cos
    tl.store(out_ptr, acc * n_rows / ROWS / n_rows)


class ModelNew(nn.Module):
    def forward(self, a, b):
        a, b = a.contiguous(), b.contiguous()
        out = torch.empty((), device=a.device, dtype=torch.float32)
        cos_loss_kernel[(1,)](a, b, out, a.shape[0], a.shape[1], ROWS=ROWS_USED,
                              BLOCK=triton.next_power_of_2(a.shape[1]))
        return out
'''
COSINE_TASK = Task(name="cosine_loss_r5", level=1, reference_src=COSINE_REF)


@pytest.fixture(scope="module")
def unchecked():
    """Static stage off: the run time alone must catch these."""
    v = Verifier(VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True), ExtensionsConfig(),
                 device="cpu")
    yield v
    v.close()


@pytest.fixture(scope="module")
def verifier():
    # reproducible seeds: the statistical shortcut below escapes a draw now and then (the variant's offsets
    # can put the first row near the mean); with these seeds the variant's rows differ
    v = Verifier(VerifierConfig(seed_entropy=False, base_seed=1234), ExtensionsConfig(), device="cpu")
    yield v
    v.close()


@pytest.mark.parametrize("name", sorted(RUNTIME_CHEATS))
def test_runtime_cheat_is_caught(unchecked, name):
    code, violation = RUNTIME_CHEATS[name]
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct
    if violation == "no_triton_launch_or_compile":  # the launch itself is refused, before the base is read
        assert "tensor descriptor over a Lazy" in (verdict.error or ""), verdict.error
        return
    assert verdict.reward == 0.0
    assert violation in verdict.violations, (verdict.violations, verdict.error)


def test_honest_init_is_accepted(unchecked):
    verdict = unchecked.verify(TASK, HONEST_INIT)
    assert verdict.correct, (verdict.violations, verdict.error)


def test_module_machinery_override_is_on_the_forward_path():
    codes = {x.code for x in check_source(TO_OVERRIDE)}
    assert "torch_compute" in codes, codes


def test_first_row_shortcut_fails_the_heterogeneous_variant(verifier):
    honest = verifier.verify(COSINE_TASK, COSINE_KERNEL.replace("ROWS=ROWS_USED", "ROWS=a.shape[0]"))
    assert honest.correct, (honest.violations, honest.error)
    variants = {r["name"]: r for r in honest.variants}
    assert variants["heterogeneous"]["passed"] and not variants["heterogeneous"].get("skipped")
    cheat = verifier.verify(COSINE_TASK, COSINE_KERNEL.replace("ROWS=ROWS_USED", "ROWS=1"))
    # 131072 columns: on i.i.d. inputs the first row is within 0.003 (sd) of the mean, and passes
    assert not cheat.correct and "heterogeneous" in (cheat.error or ""), cheat.error


def test_heterogeneous_variant_is_skipped_where_the_reference_is_undefined(verifier):
    # the variant's offsets are >= 0, so a positive domain stays positive; a domain bounded above does not:
    # sqrt(1 - b) with b up to 1.3 is NaN in the reference, and the variant is skipped, not judged
    ref = COSINE_REF.replace("torch.mean(1 - torch.nn.functional.cosine_similarity(a, b, dim=1))",
                             "a + torch.sqrt(1 - b)").replace(
        "torch.randn(16, 131072), torch.randn(16, 131072)", "torch.rand(8, 64), torch.rand(8, 64) * 0.5")
    code = HEAD + '''

@triton.jit
def sqrt_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    tl.store(out_ptr + offs, a + tl.sqrt(1.0 - b), mask=m)


class ModelNew(nn.Module):
    def forward(self, a, b):
        a, b = a.contiguous(), b.contiguous()
        out = torch.empty_like(a)
        sqrt_kernel[(triton.cdiv(a.numel(), 256),)](a, b, out, a.numel(), BLOCK=256)
        return out
'''
    verdict = verifier.verify(Task(name="sqrt_r5", level=1, reference_src=ref), code)
    assert verdict.correct, (verdict.violations, verdict.error)
    het = {r["name"]: r for r in verdict.variants}["heterogeneous"]
    assert het["passed"] and "not finite" in het.get("skipped", ""), het
