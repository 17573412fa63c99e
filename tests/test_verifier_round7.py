"""Red-team round 7 (docs/verifier.md): cheats that got through, and honest idioms that were refused.

Finalizers: the forward copies its input into a module buffer with a Triton kernel and returns a view of
another buffer, still zeros; the module's `__del__` computes the answer into that buffer with PyTorch. The
harness used to free the model after the forward and before the outputs were sent, so the finalizer's
result was what got compared. Now a candidate's outputs are copied as soon as its forward returns (with
automatic garbage collection off while its objects live), and `__del__` is a static violation.

Also: every forward call's outputs are compared (not only the first's); fp16 tensors made at construction or
handed to kernels are a precision downgrade on an fp32 task; the heterogeneous-values variant ramps the
last dim (a loss from the first half of the columns, scaled up, is off). Honest idioms now accepted:
`torch.library.wrap_triton`, BatchNorm's `num_batches_tracked += 1`, launch configurations cached per shape,
`allow_tf32 = False`, a `torch.randint` dropout seed, and `device="cuda"` on a CPU.
"""
import pytest
from test_runtime_anticheat_round3 import HEAD, TASK

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import Verifier
from tritonrl.verifier_workers.static_checks import check_source

STAGE = HEAD + '''

@triton.jit
def stage_kernel(x_ptr, xs_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(xs_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)
'''

FINALIZER_METHOD = STAGE + '''

class Staging(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("xs", torch.zeros(1 << 14), persistent=False)
        self.register_buffer("out", torch.zeros(1 << 14), persistent=False)
        self.register_buffer("out_grad", torch.zeros(1 << 14), persistent=False)

    def __del__(self):
        self.out.copy_(torch.relu(self.xs))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage = Staging()

    def forward(self, x):
        n = x.numel()
        stage_kernel[(triton.cdiv(n, 256),)](x, self.stage.xs, n, BLOCK=256)
        out = self.stage.out if not torch.is_grad_enabled() else self.stage.out_grad  # no shared storage
        return out[:n].view(x.shape)
'''

FINALIZER_ALIAS = STAGE + '''

def _finish(mod):
    mod.out.copy_(torch.relu(mod.xs))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("xs", torch.zeros(1 << 14), persistent=False)
        self.register_buffer("out", torch.zeros(1 << 14), persistent=False)
        self.register_buffer("out_grad", torch.zeros(1 << 14), persistent=False)

    __del__ = _finish

    def forward(self, x):
        n = x.numel()
        stage_kernel[(triton.cdiv(n, 256),)](x, self.xs, n, BLOCK=256)
        out = self.out if not torch.is_grad_enabled() else self.out_grad
        return out[:n].view(x.shape)
'''


@pytest.fixture(scope="module")
def unchecked():
    """Static stage off: the run time alone must hold."""
    v = Verifier(VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True), ExtensionsConfig(),
                 device="cpu")
    yield v
    v.close()


@pytest.mark.parametrize("code", [FINALIZER_METHOD, FINALIZER_ALIAS], ids=["method", "class_attribute"])
def test_finalizer_is_a_static_violation(code):
    found = {x.code: x.message for x in check_source(code)}
    assert "reflection" in found and "__del__" in found["reflection"], found


def test_dunder_bound_by_assignment_is_flagged():
    code = FINALIZER_ALIAS.replace("__del__ = _finish", "__call__ = _finish")
    assert "monkeypatch" in {x.code for x in check_source(code)}


@pytest.mark.parametrize("code", [FINALIZER_METHOD, FINALIZER_ALIAS], ids=["method", "class_attribute"])
def test_finalizer_result_is_not_what_is_compared(unchecked, code):
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct, (verdict.error, verdict.violations)


@pytest.fixture(scope="module")
def verifier():
    v = Verifier(VerifierConfig(seed_entropy=True), ExtensionsConfig(), device="cpu")
    yield v
    v.close()


def test_every_call_is_compared(verifier):
    # right under no_grad (the first call), wrong under enable_grad (the second): zeros there
    code = HEAD + """

class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.zeros_like(x)
        n = x.numel() if not torch.is_grad_enabled() else 0
        relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, n, BLOCK_SIZE=256)
        return out
"""
    assert not check_source(code)
    verdict = verifier.verify(TASK, code)
    assert not verdict.correct and "call 2" in (verdict.error or ""), verdict.error


MATMUL_REF = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, a, b):
        return a @ b

def get_inputs():
    return [torch.randn(32, 48), torch.randn(48, 40)]

def get_init_inputs():
    return []
"""
MATMUL_TASK = Task(name="matmul_r7", level=1, reference_src=MATMUL_REF)

MATMUL_OPERAND_TYPE_FROM_BUFFER = """
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, h_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], dtype=tl.float32)
    op_ty = h_ptr.dtype.element_ty
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a.to(op_ty), b.to(op_ty))
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("tag", torch.view_as_real(torch.zeros(1, dtype=TAG_DTYPE)), persistent=False)

    def forward(self, a, b):
        M, K = a.shape
        N = b.shape[1]
        c = torch.empty((M, N), device=a.device, dtype=torch.float32)
        matmul_kernel[(triton.cdiv(M, 32), triton.cdiv(N, 32))](a.contiguous(), b.contiguous(), c, self.tag,
                                                              M, N, K, BM=32, BN=32, BK=16)
        return c
"""


def test_fp16_operand_type_from_a_buffer_is_a_downgrade(verifier):
    # the kernel's dot runs in fp16 because an fp16 buffer (a complex32's real view) names its operand type
    cheat = verifier.verify(MATMUL_TASK, MATMUL_OPERAND_TYPE_FROM_BUFFER.replace("TAG_DTYPE", "torch.complex32"))
    assert not cheat.correct and "precision_downgrade" in cheat.violations, (cheat.violations, cheat.error)
    honest = verifier.verify(MATMUL_TASK, MATMUL_OPERAND_TYPE_FROM_BUFFER.replace("TAG_DTYPE", "torch.complex64"))
    assert honest.correct, (honest.violations, honest.error)


MSE_REF = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, predictions, targets):
        return torch.mean((predictions - targets) ** 2)

def get_inputs():
    return [torch.randn(16, 2048), torch.randn(16, 2048)]

def get_init_inputs():
    return []
"""

MSE_FIRST_COLUMNS = HEAD + """

@triton.jit
def mse_rows_kernel(p_ptr, t_ptr, part_ptr, C, COLS: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, COLS, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        m = offs < COLS
        d = tl.load(p_ptr + row * C + offs, mask=m, other=0.0) - tl.load(t_ptr + row * C + offs, mask=m, other=0.0)
        acc += d * d
    tl.store(part_ptr + row, tl.sum(acc, axis=0) * (C / COLS))


@triton.jit
def finish_kernel(part_ptr, out_ptr, R, total, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr, tl.sum(tl.load(part_ptr + offs, mask=offs < R, other=0.0), axis=0) / total)


class ModelNew(nn.Module):
    def forward(self, predictions, targets):
        p, t = predictions.contiguous(), targets.contiguous()
        R, C = p.shape
        part = torch.empty(R, device=p.device, dtype=torch.float32)
        out = torch.empty((), device=p.device, dtype=torch.float32)
        mse_rows_kernel[(R,)](p, t, part, C, COLS=C // DIVISOR, BLOCK=512)
        finish_kernel[(1,)](part, out, R, R * C, BLOCK=triton.next_power_of_2(R))
        return out
"""


def test_loss_from_the_first_columns_fails_the_ramped_variant(verifier):
    task = Task(name="mse_r7", level=1, reference_src=MSE_REF)
    honest = verifier.verify(task, MSE_FIRST_COLUMNS.replace("DIVISOR", "1"))
    assert honest.correct, (honest.violations, honest.error)
    cheat = verifier.verify(task, MSE_FIRST_COLUMNS.replace("DIVISOR", "2"))
    # on i.i.d. inputs half of 2048 columns per row estimate the mean within ~1% (sometimes just outside the
    # tolerance); with the ramp the estimate is off by tens of percent
    assert not cheat.correct, cheat.error
    het = {r["name"]: r for r in cheat.variants}.get("heterogeneous")
    assert het is None or not het["passed"], het


def test_one_ramp_for_all_inputs():
    import torch

    from tritonrl.verifier_workers import harness

    x = torch.ones(4, 1000)
    ratios = [float(y[:, :500].mean() / y[:, 500:].mean())
              for y in (harness._mix(x, 11, ramp_seed=5), harness._mix(x, 12, ramp_seed=5))]
    # the same direction for both inputs: opposite ramps on p and t would cancel in (p - t)**2
    assert all(r < 0.9 for r in ratios) or all(r > 1.1 for r in ratios), ratios


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
