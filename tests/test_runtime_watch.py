"""The runtime watch on its own: cheating candidates run in real sandboxes with the static stage off (many are
written to slip past the AST rules), and each must be caught at run time by the harness's watch:

- PyTorch compute next to a decoy launch (names the AST cannot see, a pre-run hook, numpy/list reads of the
  input, `Tensor.apply_`, a thread joined inside forward), and tensors read on the host by formatting them;
- launches that are no launch: one under no_grad only, a cached output, a grid of zero programs (the GPU
  launcher gets no enter hook for an empty grid);
- the watch's pause mirror written by the candidate, a profile hook left behind, a patched comparison;
- outputs that alias an input or one internal slab, a Tensor subclass or a tuple subclass as the output.
- red-team round 5's escapes below every dispatch mode (static stage off): a dispatch-key guard that excludes
  the Python key, a thread started through `_thread.start_new`, torch's printer called directly.
"""
import pytest

from tritonrl.reward.credit import stage_credit

from helpers import PATCH_ALLCLOSE, RELU_SMALL_TASK, ROUND_5, TASK, model, redteam_case, relu_small_model


CHEATS = {
    # decoy: a real launch under no_grad only
    "decoy_no_grad_only": (relu_small_model('''
if torch.is_grad_enabled():
    return torch.empty_like(x)
return launch(x, torch.empty_like(x))'''), "no_triton_launch"),
    # torch compute through a name the AST cannot see, next to a decoy launch
    "obfuscated_torch_compute": (relu_small_model('''
launch(x, torch.empty_like(x))
f = getattr(torch, "re" + "lu")
return f(x)'''), "torch_compute_runtime"),
    # computes correctly, then zeroes the input in place (a later reference would see zeros)
    "zero_inputs_in_place": (relu_small_model('''
out = launch(x, torch.empty_like(x))
x.zero_()
return out'''), "input_mutation"),
    # computes in half precision on an fp32 task, the dtype hidden from the AST in a dict
    "half_precision_through_a_dict": (relu_small_model('''
t = {"c": torch.float16}
h = x.to(t["c"])
return launch(h, torch.empty_like(h)).to(x.dtype)'''), "precision_downgrade"),
    # the output is the input's own storage
    "output_aliases_input": (relu_small_model("return launch(x, x)"), "output_alias"),
    # a Tensor subclass (a lazy tensor could compute only when compared)
    "tensor_subclass": (relu_small_model("return launch(x, torch.empty_like(x)).as_subclass(Lazy)",
                                         extra="\n\nclass Lazy(torch.Tensor):\n    pass\n"), "output_subclass"),
    # the kernel launched from another thread
    "launch_in_thread": (relu_small_model('''
out = torch.empty_like(x)
t = threading.Thread(target=launch, args=(x, out))
t.start()
t.join()
return out''', extra="\nimport threading\n"), "threads"),
    # returns a cached output without launching on later calls
    "cache_skips_launch": (relu_small_model('''
key = tuple(x.shape)
if key not in CACHE:
    CACHE[key] = launch(x, torch.empty_like(x))
return CACHE[key].clone()''', extra="\nCACHE = {}\n"), "no_triton_launch"),
    # patches the comparison at import (helpers.py: test_sandbox_integrity.py runs it too)
    "patch_allclose": (PATCH_ALLCLOSE, "runtime_patch"),
}


@pytest.mark.parametrize("name", sorted(CHEATS))
def test_cheat_is_caught_at_runtime(unchecked, name):
    code, violation = CHEATS[name]
    verdict = unchecked.verify(RELU_SMALL_TASK, code)
    assert not verdict.correct
    assert violation in verdict.violations, (verdict.violations, verdict.error)
    assert stage_credit(verdict) == 0.0 and verdict.error


LAUNCH_AND_HOST_CHEATS = {
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
sys.modules["tritonrl.verifier_workers.sandbox.worker.watch"]._PAUSE[0] = 1 << 30


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
return y''', extra='\nimport sys\nW = sys.modules["tritonrl.verifier_workers.sandbox.worker.watch"]\n'), "runtime_patch"),
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
    # the kernel leaves partial sums, the host reads them back and finishes (R10A_07's total, R10B_04's sqrt):
    # a float a launch of this forward made, read to the host, even 4 bytes of it
    "host_finishes_launch_result": (model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
s = float(out.view(-1)[0]) * 1.0
return out'''), "torch_compute_runtime"),
    # ...after a no-op in-place write (provenance would see a torch write last), or as its bits through an int view
    "host_reads_launch_result_after_a_resize": (model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
out.resize_(out.shape)
s = float(out.view(-1)[0])
return out'''), "torch_compute_runtime"),
    "host_reads_launch_result_as_int_bits": (model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256)
s = int(out.view(torch.int32).view(-1)[0])
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


@pytest.mark.parametrize("name", sorted(LAUNCH_AND_HOST_CHEATS))
def test_launch_or_host_cheat_is_caught(unchecked, name):
    code, violation = LAUNCH_AND_HOST_CHEATS[name]
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct and stage_credit(verdict) == 0.0
    assert violation in verdict.violations, (verdict.violations, verdict.error)


# compute where the watch was not looking: an output's __iter__, per-element Python below the dispatcher,
# another thread, a profile hook, the constructor


ESCAPE_CHEATS = {
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


@pytest.mark.parametrize("name", sorted(ESCAPE_CHEATS))
def test_escape_from_the_watch_is_caught(unchecked, name):
    code, violation = ESCAPE_CHEATS[name]
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct and stage_credit(verdict) == 0.0
    assert violation in verdict.violations, (verdict.violations, verdict.error)


@pytest.mark.parametrize("name, violation", [
    ("R5A_01_getattr_exclude_python_key", "runtime_patch"),  # torch._C._ExcludeDispatchKeyGuard(Python)
    ("R5A_03_thread_alias_start_new", "threads"),  # _thread.start_new, an alias of start_new_thread
    ("R5A_10_tensor_str_host_parse", "torch_compute_runtime"),  # torch._tensor_str._str: every element
])
def test_round5_escape_below_the_dispatch_modes_is_caught(runtime_only, name, violation):
    task, code = redteam_case(name, ROUND_5.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and stage_credit(verdict) == 0.0
    assert violation in verdict.violations, (verdict.violations, verdict.error)


def test_a_scalar_parameter_read_to_the_host_is_no_launch_result(unchecked):
    # the model's own scalar (`self.s.item()`) and an int of the input's size are honest host reads
    code = model('''
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel() + 0 * int(self.s.item()), BLOCK_SIZE=256)
return out''', init="self.s = nn.Parameter(torch.tensor(2.0))")
    verdict = unchecked.verify(TASK, code)
    assert verdict.correct, (verdict.violations, verdict.error)


def test_formatting_a_tensor_is_a_host_read(unchecked):
    code = model('''
text = f"{x.flatten()}"  # every element, read past the watch (and parseable on the host)
out = torch.empty_like(x)
relu_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel() + 0 * len(text), BLOCK_SIZE=256)
return out''', extra="\ntorch.set_printoptions(threshold=1 << 20)\n")
    verdict = unchecked.verify(TASK, code)
    assert not verdict.correct and "host_scalar_reads" in (verdict.error or ""), verdict.error


def test_gpu_launcher_gives_empty_grids_no_enter_hook():
    from tritonrl.verifier_workers.sandbox.worker import launches

    calls = []

    class Launcher:  # the layout of triton's CudaLauncher.__call__
        def __call__(self, gridX, gridY, gridZ, stream, function, kernel_metadata, launch_metadata,
                     launch_enter_hook, launch_exit_hook, *args):
            if launch_enter_hook is not None:
                launch_enter_hook(launch_metadata)
            calls.append(args)

    assert launches._skip_hook_on_empty_grid(Launcher)
    hook = []
    Launcher()(4, 1, 1, 0, None, None, "meta", hook.append, None, "a")
    Launcher()(0, 1, 1, 0, None, None, "meta", hook.append, None, "b")
    Launcher()(2, 0, 3, 0, None, None, "meta", hook.append, None, "c")
    assert hook == ["meta"] and calls == [("a",), ("b",), ("c",)]
