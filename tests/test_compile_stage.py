"""The compile stage: the CPU interpreter runs Python a compiled kernel never could, so what ran must compile.

- kernel arguments a compiled kernel would refuse (dict, list, object, slice, bound method, str subclass)
  smuggle tensors into the interpreted kernel body: the compile stage fails;
- kernels defined inside a function are compiled too (the very kernel that ran, found by its line), and
  honest nested kernels and @triton.jit functions passed as constexprs compile;
- a kernel that cannot be described or found fails; a launch grid must be a tuple of ints;
- the interpreter's libdevice stand-in has the functions honest kernels call.
"""
import numpy as np
import pytest

from tritonrl.verifier_workers.sandbox.worker import compile_check, interpreter_libdevice

from helpers import TASK, model


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


SMUGGLES = {  # what the constexpr is: the launch must be refused (at the launch, or by the compile stage)
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


GRID_SUBCLASS = model('''
out = torch.empty_like(x)
relu_kernel[lambda meta: Grid((triton.cdiv(x.numel(), meta["BLOCK_SIZE"]),))](x, out, x.numel(), BLOCK_SIZE=256)
return out''', extra='''

class Grid(tuple):
    def __iter__(self):
        return iter(tuple.__iter__(self))
''')


@pytest.mark.parametrize("kind", sorted(SMUGGLES))
def test_unlaunchable_kernel_argument_fails_compile(unchecked, kind):
    verdict = unchecked.verify(TASK, smuggle(SMUGGLES[kind]))
    assert not verdict.correct and not verdict.stages["compile"]["passed"], (verdict.stages, verdict.error)
    # an object of the candidate's classes (also inside a dict or list) is refused at the launch itself, before
    # the compile (interpreter_calls.host_reach: a kernel could call its methods); the rest by the compile
    refused_at_launch = "kernel_host_call" in verdict.violations
    assert refused_at_launch or ("cannot compile" in verdict.error and "CTX" in verdict.error), verdict.error


@pytest.mark.parametrize("code", [NESTED_HONEST, JIT_CONSTEXPR_HONEST], ids=["nested_kernel", "jit_constexpr"])
def test_honest_kernels_compile(unchecked, code):
    verdict = unchecked.verify(TASK, code)
    assert verdict.correct, verdict.error
    assert verdict.stages["compile"]["compiled"] >= 1, verdict.stages["compile"]


@pytest.mark.parametrize("code", [NESTED_UNCOMPILABLE, SHADOWED], ids=["nested", "shadowed_by_module_kernel"])
def test_nested_kernel_is_compiled(unchecked, code):
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct and not verdict.stages["compile"]["passed"], (verdict.stages, verdict.error)
    assert "does not compile" in verdict.error and "nested_relu" in verdict.error, verdict.error


def test_unrecordable_or_missing_kernel_fails_compile_check():
    import types

    mod = types.ModuleType("empty_candidate")
    res = compile_check.compile_specs(mod, [{"name": "k", "unrecordable": "TypeError: x"}], 90)
    assert res["error"] and "cannot describe" in res["error"]
    res = compile_check.compile_specs(mod, [{"name": "k", "line": 3, "signature": {}, "constexprs": {}}], 90)
    assert res["error"] and "cannot be found" in res["error"]


def test_grid_tuple_subclass_fails_the_launch(unchecked):
    verdict = unchecked.verify(TASK, GRID_SUBCLASS)
    assert not verdict.correct
    assert "launch grid must be a tuple of ints" in (verdict.error or ""), verdict.error


def test_kernel_argument_kinds():
    import torch

    from tritonrl.verifier_workers.sandbox.worker.launch_spec import arg_problem

    x = torch.zeros(2)
    for ok in (x, torch.nn.Parameter(x), 3, 2.5, True, None, (x, 1, (2, None)), torch.Size([2])):
        assert arg_problem(ok, constexpr=False) is None, ok
    for ok in ("s", torch.float16, (1, "a"), 7):
        assert arg_problem(ok, constexpr=True) is None, ok
    for bad in ({"a": 1}, [1], slice(1), object(), x.add, (1, [x]), x.as_subclass(type("T", (torch.Tensor,), {}))):
        assert arg_problem(bad, constexpr=False) and arg_problem(bad, constexpr=True), bad
    assert arg_problem(x, constexpr=True) == "a tensor as a tl.constexpr"


def test_libdevice_stand_in_has_inverse_error_functions():
    erfinv = interpreter_libdevice.UNARY["erfinv"]
    assert erfinv(np.array([0.5]))[0] == pytest.approx(0.4769362762, rel=1e-8)
    ncdfinv = interpreter_libdevice.UNARY["normcdfinv"]
    assert ncdfinv(np.array([0.975]))[0] == pytest.approx(1.959963985, rel=1e-8)
    assert interpreter_libdevice.base_name("erfinvf") == "erfinv"


def test_launches_only_the_full_stage_makes_are_compiled_too(unchecked):
    """A kernel launched with a list argument only at the task's full sizes (red-team round 6, R6C_10: at tiny
    sizes an honest kernel runs, so the probe compiles a legal launch): the full stage's own launches are
    compiled for sm_90 as well, and a list is no kernel argument there."""
    from helpers import ROUND_6, redteam_case

    task, code = redteam_case("R6C_10_matmul_list_arg_full_only", ROUND_6.name)
    verdict = unchecked.verify(task, code)
    # since round 8 the output provenance rule may refuse it first: C is written by torch inside the list
    # "kernel", not by a Triton store (`host_output`); either refusal names what the GPU would not run
    assert not verdict.correct, verdict.error
    assert any(s in (verdict.error or "") for s in ("a launch of the full stage", "host_output")), verdict.error
