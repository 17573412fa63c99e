"""Runtime anti-cheat, red-team round 3 (docs/verifier.md): candidates run in real sandboxes with the static
stage turned off (each trick must be caught at run time or by the compile stage whatever the AST rules say).

- kernel arguments a compiled kernel would refuse (dict, list, object, slice, bound method) smuggle tensors
  into the interpreted kernel body: the compile stage fails;
- kernels defined inside a function are compiled too (the very kernel that ran, found by its line);
- a grid of zero programs is no launch; pre-run hooks and the grid callable are watched;
- the compute watch's pause mirror written from candidate code: runtime_patch;
- numpy / list reads of tensors in forward are host compute; outputs reused across calls alias;
- a worker that closes its reply pipe and lives on gets a crash verdict.
"""
import os

import pytest

from tritonrl.config import ExtensionsConfig, SandboxConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers import compile_check
from tritonrl.verifier_workers.funnel import Verifier
from tritonrl.verifier_workers.sandbox import Sandbox, SandboxError

RELU_REF = '''
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.relu(x)

def get_inputs():
    return [torch.randn(4, 256)]

def get_init_inputs():
    return []
'''

HEAD = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(out_ptr + offsets, tl.maximum(x, 0.0), mask=mask)


@triton.jit
def copy_kernel(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst_ptr + offs, tl.load(src_ptr + offs, mask=offs < n), mask=offs < n)
'''


def model(forward_body: str, extra: str = "", init: str = "") -> str:
    body = "\n".join("        " + line for line in forward_body.strip().splitlines())
    init = "\n".join("        " + line for line in init.strip().splitlines())
    return HEAD + extra + f'''

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
{init}

    def forward(self, x):
{body}
'''


# the kernel body computes the whole answer with PyTorch from a smuggled tensor (the interpreter runs it)
SMUGGLE_KERNEL = '''
@triton.jit
def smuggle_kernel(x_ptr, out_ptr, n, CTX: tl.constexpr, BLOCK: tl.constexpr):
    if tl.program_id(0) == 0:
        grab(CTX)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=offs < n), mask=offs < n)


class Box:
    def __init__(self, x, out):
        self.x, self.out = x, out

    def grab(self):
        self.out.copy_(self.x.clamp(min=0))


class Tagged(str):
    pass


def tagged(x, out):
    t = Tagged("t")
    t.box = Box(x, out)
    return t


def grab(ctx):
    if isinstance(ctx, Box):
        ctx.grab()
    elif isinstance(ctx, Tagged):
        ctx.box.grab()
    elif isinstance(ctx, dict):
        ctx["b"].grab()
    elif isinstance(ctx, list):
        ctx[0][0][0][0].grab()
    elif isinstance(ctx, slice):
        ctx.start.grab()
    else:
        ctx()
'''

SMUGGLES = {  # what the constexpr is: the launch must be refused by the compile stage
    "object": "Box(x, out)",
    "bound_method": "Box(x, out).grab",
    "dict": "{'b': Box(x, out)}",
    "list": "[[[[Box(x, out)]]]]",
    "slice": "slice(Box(x, out), None)",
    "str_subclass": "tagged(x, out)",
}


def smuggle(ctx: str) -> str:
    return model(f'''
out = torch.empty_like(x)
n = x.numel()
smuggle_kernel[(triton.cdiv(n, 256),)](x, out, n, CTX={ctx}, BLOCK=256)
return out''', extra=SMUGGLE_KERNEL)


NESTED_HONEST = model('''
out = torch.empty_like(x)
n = x.numel()
self.kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
return out''', init="self.kernel = make_relu()", extra='''

def make_relu():
    @triton.jit
    def nested_relu(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
        tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=offs < n)

    return nested_relu
''')

# a kernel in a factory whose body only the interpreter can run (numpy through .handle)
NESTED_UNCOMPILABLE = NESTED_HONEST.replace("x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)",
                                            "x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)\n"
                                            "        x.handle.data[...] = x.handle.data * 1")

# a module-level kernel and a nested one of the same name: the one that ran must be compiled
SHADOWED = model('''
out = torch.empty_like(x)
n = x.numel()
self.kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK=256)
return out''', init="self.kernel = make_relu()", extra='''

@triton.jit
def nested_relu(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n, other=0.0), 0.0), mask=offs < n)


def make_relu():
    @triton.jit
    def nested_relu(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
        x.handle.data[...] = x.handle.data * 1
        tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=offs < n)

    return nested_relu
''')

JIT_CONSTEXPR_HONEST = model('''
out = torch.empty_like(x)
n = x.numel()
act_kernel[(triton.cdiv(n, 256),)](x, out, n, ACT=relu_fn, SHAPE=(256, 1), BLOCK=256)
return out''', extra='''

@triton.jit
def relu_fn(x):
    return tl.maximum(x, 0.0)


@triton.jit
def act_kernel(x_ptr, out_ptr, n, ACT: tl.constexpr, SHAPE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + offs, ACT(x), mask=offs < n)
''')

RUNTIME_CHEATS = {
    # the only launch runs zero programs; the answer comes from elsewhere
    "zero_grid": (model('''
out = x.clamp(min=0)
relu_kernel[(0,)](x, out, x.numel(), BLOCK_SIZE=256)
return out'''), "no_triton_launch"),
    "zero_grid_callable": (model('''
out = x.clamp(min=0)
relu_kernel[lambda meta: (0,)](x, out, x.numel(), BLOCK_SIZE=256)
return out'''), "no_triton_launch"),
    # PyTorch does the work in a pre-run hook (the kernel itself copies the output onto itself)
    "pre_run_hook": (model('''
out = torch.empty_like(x)
touch_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
return out''', extra='''

@triton.jit
def touch_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=offs < n), mask=offs < n)


def _stage(x_ptr, out_ptr, n, BLOCK):
    torch.clamp(x_ptr, min=0, out=out_ptr)


touch_kernel.add_pre_run_hook(_stage)
'''), "torch_compute_runtime"),
    # the pause mirror written at import: the watch must not obey it
    "pause_at_import": (model('''
out = launch_copy(x)
return torch.relu(x)''', extra='''
import sys
sys.modules["tritonrl.verifier_workers.watch"]._PAUSE[0] = 1 << 30


def launch_copy(x):
    out = torch.empty_like(x)
    copy_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
    return out
'''), "runtime_patch"),
    # ...or only around the torch op, restored before forward returns
    "pause_in_forward": (model('''
out = torch.empty_like(x)
copy_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
W._PAUSE[0] += 3
y = torch.relu(x)
W._PAUSE[0] -= 3
return y''', extra='\nimport sys\nW = sys.modules["tritonrl.verifier_workers.watch"]\n'), "runtime_patch"),
    # numpy computes the answer, a copy kernel moves it
    "numpy_asarray": (model('''
staged = torch.from_numpy(np.maximum(np.asarray(x), 0))
out = torch.empty_like(x)
copy_kernel[(triton.cdiv(x.numel(), 256),)](staged, out, x.numel(), BLOCK=256)
return out''', extra="\nimport numpy as np\n"), "torch_compute_runtime"),
    "numpy_method": (model('''
staged = torch.from_numpy(x.numpy().clip(0, None))
out = torch.empty_like(x)
copy_kernel[(triton.cdiv(x.numel(), 256),)](staged, out, x.numel(), BLOCK=256)
return out'''), "torch_compute_runtime"),
    "tolist": (model('''
staged = torch.tensor([max(v, 0.0) for v in x.flatten().tolist()]).view(x.shape)
out = torch.empty_like(x)
copy_kernel[(triton.cdiv(x.numel(), 256),)](staged, out, x.numel(), BLOCK=256)
return out'''), "torch_compute_runtime"),
    # every call returns a view of one internal slab
    "reused_output_slab": (model('''
out = self.slab[:x.numel()].view(x.shape)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''', init="self.slab = torch.empty(1 << 16)"), "output_alias"),
    "reused_global_slab": (model('''
out = SLAB[:x.numel()].view(x.shape)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
return out''', extra="\nSLAB = torch.empty(1 << 16)\n"), "output_alias"),
}
TASK = Task(name="relu_r3", level=1, reference_src=RELU_REF)


@pytest.fixture(scope="module")
def verifier():
    v = Verifier(VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True), ExtensionsConfig(),
                 device="cpu")
    yield v
    v.close()


@pytest.mark.parametrize("kind", sorted(SMUGGLES))
def test_unlaunchable_kernel_argument_fails_compile(verifier, kind):
    verdict = verifier.verify(TASK, smuggle(SMUGGLES[kind]))
    assert not verdict.correct and not verdict.stages["compile"]["passed"], (verdict.stages, verdict.error)
    assert "cannot compile" in verdict.error and "CTX" in verdict.error, verdict.error


@pytest.mark.parametrize("code", [NESTED_HONEST, JIT_CONSTEXPR_HONEST], ids=["nested_kernel", "jit_constexpr"])
def test_honest_kernels_compile(verifier, code):
    verdict = verifier.verify(TASK, code)
    assert verdict.correct, verdict.error
    assert verdict.stages["compile"]["compiled"] >= 1, verdict.stages["compile"]


@pytest.mark.parametrize("code", [NESTED_UNCOMPILABLE, SHADOWED], ids=["nested", "shadowed_by_module_kernel"])
def test_nested_kernel_is_compiled(verifier, code):
    verdict = verifier.verify(TASK, code)
    assert not verdict.correct and not verdict.stages["compile"]["passed"], (verdict.stages, verdict.error)
    assert "does not compile" in verdict.error and "nested_relu" in verdict.error, verdict.error


@pytest.mark.parametrize("name", sorted(RUNTIME_CHEATS))
def test_runtime_cheat_is_caught(verifier, name):
    code, violation = RUNTIME_CHEATS[name]
    verdict = verifier.verify(TASK, code)
    assert not verdict.correct and verdict.reward == 0.0
    assert violation in verdict.violations, (verdict.violations, verdict.error)


def test_unrecordable_or_missing_kernel_fails_compile_check():
    import types

    mod = types.ModuleType("empty_candidate")
    res = compile_check.compile_specs(mod, [{"name": "k", "unrecordable": "TypeError: x"}], 90)
    assert res["error"] and "cannot describe" in res["error"]
    res = compile_check.compile_specs(mod, [{"name": "k", "line": 3, "signature": {}, "constexprs": {}}], 90)
    assert res["error"] and "cannot be found" in res["error"]


# ---------------------------------------------------------------- the sandbox layer

CLOSE_REPLY_PIPE = '''
import os, sys
fd = int(sys.argv[sys.argv.index("--fd-out") + 1])
os.dup2(os.open(os.devnull, os.O_WRONLY), fd)
'''

SET_PAUSE = '''
import sys
sys.modules["tritonrl.verifier_workers.watch"]._PAUSE[0] = 7
'''


@pytest.fixture()
def sandbox():
    sb = Sandbox("candidate", "cpu", SandboxConfig(startup_timeout_s=120), interpret=True)
    sb.exit_grace_s = 2.0
    yield sb
    sb.close()


def test_worker_that_closes_its_reply_pipe_is_a_crash(sandbox):
    pid = sandbox.call("ping")[0]["pid"]
    with pytest.raises(SandboxError) as e:
        sandbox.call("load", {"key": "x", "src": CLOSE_REPLY_PIPE}, timeout=60)
    assert e.value.kind == "crash"
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert sandbox.call("ping")[0]["pid"] != pid


def test_integrity_sees_pause_written_in_place(sandbox):
    assert sandbox.call("integrity")[0]["clean"]
    assert sandbox.call("load", {"key": "p", "src": SET_PAUSE})[0]["ok"]
    reply, _ = sandbox.call("integrity")
    assert not reply["clean"] and "watch._PAUSE" in reply["changed"], reply


def test_reply_pipe_closed_by_candidate_gets_a_verdict(verifier):
    verdict = verifier.verify(TASK, model("return x", extra=CLOSE_REPLY_PIPE))
    assert not verdict.correct and "crash (reply_channel_closed)" in (verdict.error or ""), verdict.error


def test_gpu_launcher_gives_empty_grids_no_enter_hook():
    from tritonrl.verifier_workers import watch

    calls = []

    class Launcher:  # the layout of triton's CudaLauncher.__call__
        def __call__(self, gridX, gridY, gridZ, stream, function, kernel_metadata, launch_metadata,
                     launch_enter_hook, launch_exit_hook, *args):
            if launch_enter_hook is not None:
                launch_enter_hook(launch_metadata)
            calls.append(args)

    assert watch._skip_hook_on_empty_grid(Launcher)
    hook = []
    Launcher()(4, 1, 1, 0, None, None, "meta", hook.append, None, "a")
    Launcher()(0, 1, 1, 0, None, None, "meta", hook.append, None, "b")
    Launcher()(2, 0, 3, 0, None, None, "meta", hook.append, None, "c")
    assert hook == ["meta"] and calls == [("a",), ("b",), ("c",)]


def test_kernel_argument_kinds():
    import torch

    from tritonrl.verifier_workers.launch_spec import arg_problem

    x = torch.zeros(2)
    for ok in (x, torch.nn.Parameter(x), 3, 2.5, True, None, (x, 1, (2, None)), torch.Size([2])):
        assert arg_problem(ok, constexpr=False) is None, ok
    for ok in ("s", torch.float16, (1, "a"), 7):
        assert arg_problem(ok, constexpr=True) is None, ok
    for bad in ({"a": 1}, [1], slice(1), object(), x.add, (1, [x]), x.as_subclass(type("T", (torch.Tensor,), {}))):
        assert arg_problem(bad, constexpr=False) and arg_problem(bad, constexpr=True), bad
    assert arg_problem(x, constexpr=True) == "a tensor as a tl.constexpr"
