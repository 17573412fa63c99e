"""Runtime anti-cheat and acceptance, red-team round 4 (docs/verifier.md). Candidates run in real sandboxes;
the cheats with the static stage off (each must be caught at run time whatever the AST rules say):

- an output container whose __iter__ computes after the watch closed (a tuple subclass): not a tensor;
- Tensor.apply_/map_ run Python per element below the dispatcher: host compute;
- a thread started and joined inside forward (the dispatch mode is per thread): threads;
- a grid that is a tuple subclass (its __iter__ would run where the watch is paused): the launch fails;
- a profile hook left behind (it would run after the watch closed): runtime_patch;
- PyTorch compute in __init__ beyond what the reference's constructor does: init_compute.

And honest code that round 4 found refused: KernelBook's verbatim Inductor header on a CPU, kernels that
decline the larger-shapes or other-precision variant, fp32 results for the fp16 variant.
"""
import pytest
from test_runtime_anticheat_round3 import HEAD, RELU_REF, TASK, model

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import Verifier

RUNTIME_CHEATS = {
    "tuple_subclass_output": (model('''
staged = torch.empty_like(x)
copy_kernel[(triton.cdiv(x.numel(), 256),)](x, staged, x.numel(), BLOCK=256)
return Result((staged,))''', extra='''

class Result(tuple):
    def __iter__(self):
        yield torch.relu(self[0])
'''), "output_not_tensor"),
    "apply_": (model('''
staged = x.clone()
staged.apply_(lambda v: max(v, 0.0))
out = torch.empty_like(x)
copy_kernel[(triton.cdiv(x.numel(), 256),)](staged, out, x.numel(), BLOCK=256)
return out'''), "torch_compute_runtime"),
    "thread_joined_in_forward": (model('''
box = {}
t = threading.Thread(target=lambda: box.update(y=torch.relu(x)))
t.start()
t.join()
out = torch.empty_like(x)
copy_kernel[(triton.cdiv(x.numel(), 256),)](box["y"], out, x.numel(), BLOCK=256)
return out''', extra="\nimport threading\n"), "threads"),
    "profile_hook_left": (model('''
sys.setprofile(lambda *a: None)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''', extra="\nimport sys\n"), "runtime_patch"),
    "init_compute": (model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''', init="self.table = torch.softmax(torch.randn(8), dim=0)"), "init_compute"),
}

GRID_SUBCLASS = model('''
out = torch.empty_like(x)
relu_kernel[lambda meta: Grid((triton.cdiv(x.numel(), meta["BLOCK_SIZE"]),))](x, out, x.numel(), BLOCK_SIZE=256)
return out''', extra='''

class Grid(tuple):
    def __iter__(self):
        return iter(tuple.__iter__(self))
''')

# TorchInductor's output as KernelBook has it, header and all (grid, raw stream, device guard, CUDA buffers,
# Inductor's Triton helpers, an unused extern_kernels), for the reference's fixed shape
KERNELBOOK_RELU = '''
import torch
from torch._inductor.select_algorithm import extern_kernels
import triton
import triton.language as tl
from torch._inductor.runtime.triton_heuristics import grid
from torch._C import _cuda_getCurrentRawStream as get_raw_stream
from torch._inductor.runtime import triton_helpers
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
import torch.nn as nn
assert_size_stride = torch._C._dynamo.guards.assert_size_stride
empty_strided_cuda = torch._C._dynamo.guards._empty_strided_cuda


@triton.jit
def triton_poi_fused_relu_0(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):
    xnumel = 1024
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + x0, xmask)
    tmp1 = tl.full([1], 0, tl.int32)
    tmp2 = triton_helpers.maximum(tmp1, tmp0)
    tl.store(out_ptr0 + x0, tmp2, xmask)


def call(args):
    arg0_1, = args
    args.clear()
    assert_size_stride(arg0_1, (4, 256), (256, 1))
    with torch.cuda._DeviceGuard(0):
        torch.cuda.set_device(0)
        buf0 = empty_strided_cuda((4, 256), (256, 1), torch.float32)
        get_raw_stream(0)
        triton_poi_fused_relu_0[grid(1024)](arg0_1, buf0, 1024, XBLOCK=256, num_warps=4, num_stages=1)
        del arg0_1
    return buf0,


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, input_0):
        output = call([input_0])
        return output[0]
'''

# sums in fp32 whatever the input's precision, and returns fp32: right, and more precise in the fp16 variant
ROWSUM_REF = '''
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, x):
        return x.sum(dim=1)

dim = 64

def get_inputs():
    return [torch.randn(8, dim)]

def get_init_inputs():
    return []
'''
ROWSUM_FP32_OUT = HEAD + '''

@triton.jit
def rowsum_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + row * n_cols + offs, mask=offs < n_cols, other=0.0).to(tl.float32)
    tl.store(out_ptr + row, tl.sum(v, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty(x.shape[0], device=x.device, dtype=torch.float32)
        rowsum_kernel[(x.shape[0],)](x, out, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return out
'''


@pytest.fixture(scope="module")
def unchecked():
    """Static stage off: the run time alone must catch these."""
    v = Verifier(VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True), ExtensionsConfig(),
                 device="cpu")
    yield v
    v.close()


@pytest.fixture(scope="module")
def verifier():
    v = Verifier(VerifierConfig(seed_entropy=True), ExtensionsConfig(), device="cpu")
    yield v
    v.close()


@pytest.mark.parametrize("name", sorted(RUNTIME_CHEATS))
def test_runtime_cheat_is_caught(unchecked, name):
    code, violation = RUNTIME_CHEATS[name]
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct and verdict.reward == 0.0
    assert violation in verdict.violations, (verdict.violations, verdict.error)


def test_grid_tuple_subclass_fails_the_launch(unchecked):
    verdict = unchecked.verify(TASK, GRID_SUBCLASS)
    assert not verdict.correct
    assert "launch grid must be a tuple of ints" in (verdict.error or ""), verdict.error


RELU_SIZED_REF = RELU_REF.replace("torch.randn(4, 256)", "torch.randn(batch_size, 256)").replace(
    "def get_inputs", "batch_size = 4\n\ndef get_inputs")


def test_kernelbook_header_is_accepted_on_cpu(verifier):
    verdict = verifier.verify(Task(name="relu_sized", level=1, reference_src=RELU_SIZED_REF), KERNELBOOK_RELU)
    assert verdict.correct, (verdict.violations, verdict.error)
    variants = {r["name"]: r for r in verdict.variants}
    # fixed to the task's shape by assert_size_stride: larger shapes are declined, not failed
    assert variants["larger_shapes"]["passed"] and "declined" in variants["larger_shapes"]["skipped"]
    assert variants["new_seed"]["passed"] and not variants["new_seed"].get("skipped")


def test_fp32_result_for_fp16_inputs_is_judged_by_value(verifier):
    verdict = verifier.verify(Task(name="rowsum_r4", level=1, reference_src=ROWSUM_REF), ROWSUM_FP32_OUT)
    assert verdict.correct, verdict.error
    variants = {r["name"]: r for r in verdict.variants}
    assert variants["other_precision"]["passed"] and not variants["other_precision"].get("skipped")


def test_wrong_answer_in_a_declinable_variant_still_fails(verifier):
    # right for the task's 256 columns only (no mask): the larger-shapes variant gives a wrong answer
    code = ROWSUM_FP32_OUT.replace("BLOCK=triton.next_power_of_2(x.shape[1])", "BLOCK=64")
    verdict = verifier.verify(Task(name="rowsum_r4", level=1, reference_src=ROWSUM_REF), code)
    assert not verdict.correct and "larger_shapes" in (verdict.error or ""), verdict.error


# a setsid double fork leaves a daemon under init: outside the worker's process group and descendants
SETSID_DAEMON = model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
pid = os.fork()
if pid == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", "300"])
    os._exit(0)
os.waitpid(pid, 0)
return out''', extra="\nimport os\n")


def test_setsid_daemon_is_found_and_killed(unchecked):
    verdict = unchecked.verify(TASK, SETSID_DAEMON)
    assert not verdict.correct and "child_process" in verdict.violations, (verdict.violations, verdict.error)
    assert not unchecked.candidate.strays() and not unchecked.compiler.strays()


def test_one_verification_has_a_time_budget():
    # each forward stays far inside its call's limit; together they exceed the verification's budget
    slow = model('''
time.sleep(2)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''', extra="\nimport time\n")
    cfg = VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True)
    cfg.sandbox.verify_timeout_s = 8.0
    with Verifier(cfg, ExtensionsConfig(), device="cpu") as v:
        verdict = v.verify(TASK, slow)
    assert not verdict.correct and "timeout" in (verdict.error or ""), verdict.error
    assert verdict.seconds < 60
