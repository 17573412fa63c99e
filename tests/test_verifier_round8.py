"""Red-team round 8 (docs/verifier.md): cheats that got through, and honest idioms that were refused.

Cheats: fp16 handed to a kernel as a constexpr dtype (launch argument, parameter default, module global);
tensors read on the host by formatting them (torch's printing turns dispatch modes off); tables and weight
folds computed by Triton kernels launched from the constructor or at import; a fold computed once in forward
and kept in a module buffer behind a flag; losses and norms from every 2nd/4th/8th column (the ramp of the
heterogeneous variant is smooth, so a strided sample stood for all columns). Honest code refused: Python
arithmetic on a number forward receives (`dim`, `temperature`), `assert x.data_ptr() % 16 == 0`, libdevice
functions the CPU stand-in lacked (erfinv, normcdfinv...), and fp32-only libdevice on the fp16 variant.
Partial credit: a stage that had nothing to check (the tiny stage of a task with inline sizes) earns none.
"""
import numpy as np
import pytest
import torch
from test_runtime_anticheat_round3 import HEAD, TASK, model

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers import harness, interpreter_libdevice
from tritonrl.verifier_workers.funnel import Verifier
from tritonrl.verifier_workers.static_checks import check_source

MM_REF = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, a, b):
        return a @ b

def get_inputs():
    return [torch.randn(32, 32), torch.randn(32, 32)]

def get_init_inputs():
    return []
"""

MM_KERNEL = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl
{globals}

@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, N: tl.constexpr, {param}):
    i = tl.arange(0, N)
    a = tl.load(a_ptr + i[:, None] * N + i[None, :])
    b = tl.load(b_ptr + i[:, None] * N + i[None, :])
    tl.store(c_ptr + i[:, None] * N + i[None, :], tl.dot(a.to(CDT), b.to(CDT)))


class ModelNew(nn.Module):
    def forward(self, a, b):
        c = torch.empty_like(a)
        {launch}
        return c
'''


def mm(globals_: str = "", param: str = "CDT: tl.constexpr", launch: str = "") -> str:
    return MM_KERNEL.format(globals=globals_, param=param,
                            launch=launch or "mm_kernel[(1,)](a, b, c, N=32, CDT=tl.float16)")


@pytest.mark.parametrize("code", [
    mm(),
    mm(param="CDT: tl.constexpr = tl.float16", launch="mm_kernel[(1,)](a, b, c, N=32)"),
    mm(globals_='TYPES = {"fast": tl.float16}\nCDT = TYPES["fast"]', param="X: tl.constexpr = 0",
       launch="mm_kernel[(1,)](a, b, c, N=32)"),
], ids=["launch_argument", "parameter_default", "module_global_chain"])
def test_half_precision_handed_to_a_kernel_is_a_downgrade(code):
    assert "precision_downgrade" in {x.code for x in check_source(code, MM_REF)}


def test_half_precision_launch_under_a_dtype_guard_is_not():
    code = mm(launch="""if a.dtype == torch.float16:
            mm_kernel[(1,)](a, b, c, N=32, CDT=tl.float16)
        else:
            mm_kernel[(1,)](a, b, c, N=32, CDT=tl.float32)""")
    assert "precision_downgrade" not in {x.code for x in check_source(code, MM_REF)}


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


def test_data_ptr_in_an_alignment_assert_is_allowed_and_as_a_key_is_not():
    ok = model('''
assert x.data_ptr() % 16 == 0, "aligned input"
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''')
    assert "output_cache" not in {x.code for x in check_source(ok)}
    key = ok.replace('assert x.data_ptr() % 16 == 0, "aligned input"', "self.key = x.data_ptr() % 1000003")
    assert "output_cache" in {x.code for x in check_source(key)}


@pytest.mark.parametrize("ramp_seed", [1, 7, 12])
def test_mix_pattern_makes_strided_columns_a_biased_sample(ramp_seed):
    x = torch.randn(16, 4096, generator=torch.Generator().manual_seed(0))
    y = harness._mix(x, 3, ramp_seed=ramp_seed)
    full = float(y.pow(2).mean())
    # a mean square from every 2nd (or 4th, 8th) column alone, as a subsampling kernel would compute it
    off = [abs(float(y[:, k::s].pow(2).mean()) / full - 1) for s in (2, 4, 8) for k in range(2)]
    assert min(off) > 0.1, off


def test_libdevice_stand_in_has_inverse_error_functions():
    erfinv = interpreter_libdevice.UNARY["erfinv"]
    assert erfinv(np.array([0.5]))[0] == pytest.approx(0.4769362762, rel=1e-8)
    ncdfinv = interpreter_libdevice.UNARY["normcdfinv"]
    assert ncdfinv(np.array([0.975]))[0] == pytest.approx(1.959963985, rel=1e-8)
    assert interpreter_libdevice.base_name("erfinvf") == "erfinv"


# ---------------------------------------------------------------- through the verifier (CPU interpreter)

@pytest.fixture(scope="module")
def verifier():
    v = Verifier(VerifierConfig(seed_entropy=True), ExtensionsConfig(), device="cpu")
    yield v
    v.close()


@pytest.fixture(scope="module")
def unchecked():
    """Static stage off: the run time alone must hold."""
    v = Verifier(VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True), ExtensionsConfig(),
                 device="cpu")
    yield v
    v.close()


def test_formatting_a_tensor_is_a_host_read(unchecked):
    code = model('''
text = f"{x.flatten()}"  # every element, read past the watch (and parseable on the host)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel() + 0 * len(text), BLOCK_SIZE=256)
return out''', extra="\ntorch.set_printoptions(threshold=1 << 20)\n")
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct and "host_scalar_reads" in (verdict.error or ""), verdict.error


def test_triton_launch_in_the_constructor_is_init_compute(unchecked):
    code = model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''', init='''self.table = torch.empty(256)
copy_kernel[(1,)](torch.linspace(0, 1, 256), self.table, 256, BLOCK=256)''')
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct and "init_compute" in verdict.violations, (verdict.violations, verdict.error)
    assert "triton_launch" in (verdict.error or ""), verdict.error


CACHED = model('''
n = x.numel()
out = torch.empty_like(x)
cached_relu[(triton.cdiv(n, 256),)](x, out, self.flag, self.cache, n, BLOCK=256)
set_flag[(1,)](self.flag)
return out''', init='''self.register_buffer("flag", torch.zeros(1, dtype=torch.int32))
self.register_buffer("cache", torch.zeros(1 << 14))''', extra='''

@triton.jit
def cached_relu(x_ptr, out_ptr, flag_ptr, cache_ptr, n, BLOCK: tl.constexpr):
    # the first call computes and keeps the answer; later calls (same inputs) copy it back
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    if tl.load(flag_ptr) == 0:
        y = tl.maximum(tl.load(x_ptr + offs, mask=m), 0.0)
        tl.store(cache_ptr + offs, y, mask=m)
        tl.store(out_ptr + offs, y, mask=m)
    else:
        tl.store(out_ptr + offs, tl.load(cache_ptr + offs, mask=m), mask=m)


@triton.jit
def set_flag(flag_ptr):
    tl.store(flag_ptr, 1)
''')


def test_result_kept_in_a_buffer_from_an_earlier_call_is_caught(unchecked):
    verdict = unchecked.verify(TASK, CACHED)
    assert not verdict.correct and "call 2" in (verdict.error or ""), verdict.error


def test_scratch_buffer_rewritten_each_call_is_accepted(verifier):
    code = model('''
n = x.numel()
copy_kernel[(triton.cdiv(n, 256),)](x, self.scratch, n, BLOCK=256)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(n, 256),)](self.scratch, out, n, BLOCK_SIZE=256)
return out''', init='self.register_buffer("scratch", torch.empty(1 << 14), persistent=False)')
    verdict = verifier.verify(TASK, code)
    assert verdict.correct, (verdict.violations, verdict.error)


INLINE_REF = """
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)

def get_inputs():
    return [torch.randn(4, 256)]

def get_init_inputs():
    return []
"""


def test_skipped_tiny_stage_earns_no_credit(verifier):
    wrong = model('''
out = torch.zeros_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, 0, BLOCK_SIZE=256)
return out''')
    verdict = verifier.verify(Task(name="relu_inline_r8", level=1, reference_src=INLINE_REF), wrong)
    assert not verdict.correct
    assert verdict.stages["tiny"].get("skipped"), verdict.stages["tiny"]
    assert verdict.stage == "compile" and verdict.reward == pytest.approx(0.5), (verdict.stage, verdict.reward)
