"""Outputs must come from the forward's Triton launches (sandbox/worker/provenance.py; red-team round 8, R8A_10):
an output that a torch op wrote after the last launch that wrote it, from host values or tensors no launch made,
is `host_output`; value-preserving copies of launch-made tensors (views, `.contiguous()`, `.to()`, a stack of
per-batch results) stay launch-made. Unit checks drive the compute watch in this process with launches marked
by hand (as the launch hook does: blind on a GPU, by stored storage under the interpreter); the round-8 cheat
goes through the verifier.
"""
import pytest
import torch

from tritonrl.reward.credit import stage_credit
from tritonrl.verifier_workers.sandbox.worker.provenance import LAUNCH_WRITES, storage_ptr
from tritonrl.verifier_workers.sandbox.worker.watch import ComputeWatch

from helpers import ROUND_8, redteam_case

X = torch.randn(4, 8)


def _launch(*written):
    """A launch: blind (a GPU's hook sees no arguments) when nothing is named, else it stored into `written`."""
    LAUNCH_WRITES.launch(bool(written))
    for t in written:
        LAUNCH_WRITES.wrote(storage_ptr(t))


def _host_outputs(fn) -> int:
    LAUNCH_WRITES.begin()
    w = ComputeWatch(None, (torch.float32,))
    w.writes.foreign = {storage_ptr(X)}  # the forward's input (run_op.py names inputs and weights)
    with w:
        outs = fn()
    return w.writes.host_outputs(list(outs))


def _partials_then_host(blind):
    part = torch.empty(2)
    _launch() if blind else _launch(part)
    total = 1.5 + 2.5  # float(part[0]) + float(part[1]) on the host
    return (torch.full((), total / 4),)


def _after_launch(blind, then):
    out = torch.empty(4, 8)
    _launch() if blind else _launch(out)
    return (then(out),)


@pytest.mark.parametrize("blind", [True, False])
@pytest.mark.parametrize("name, fn", [
    ("host_combine_in_full", _partials_then_host),
    ("zeroed_after_the_launch", lambda blind: _after_launch(blind, lambda o: o.zero_())),
    ("filled_after_the_launch", lambda blind: _after_launch(blind, lambda o: o.fill_(1.0))),
    ("copy_of_the_input", lambda blind: _after_launch(blind, lambda o: X.clone())),
    ("written_over_by_a_host_tensor", lambda blind: _after_launch(blind, lambda o: o.copy_(torch.ones(4, 8)))),
])
def test_an_output_no_launch_made_is_a_host_output(name, fn, blind):
    assert _host_outputs(lambda: fn(blind)) == 1


@pytest.mark.parametrize("blind", [True, False])
@pytest.mark.parametrize("name, fn", [
    ("the_launch_buffer", lambda blind: _after_launch(blind, lambda o: o)),
    ("a_view_of_it", lambda blind: _after_launch(blind, lambda o: o.t()[1:])),
    ("a_layout_copy", lambda blind: _after_launch(blind, lambda o: o.t().contiguous())),
    ("cast_to_another_dtype", lambda blind: _after_launch(blind, lambda o: o.double())),
    ("a_stack_of_results", lambda blind: _after_launch(blind, lambda o: torch.stack([o, o.t().t()]))),
    ("initialised_before_the_launch", lambda blind: (lambda o: (_launch() if blind else _launch(o), o)[1])(
        torch.full((4,), float("-inf")))),
    ("unsqueezed_in_place", lambda blind: _after_launch(blind, lambda o: o.unsqueeze_(1))),
    ("squeezed_in_place", lambda blind: _after_launch(blind, lambda o: o.unsqueeze(0).squeeze_(0))),
])
def test_an_output_a_launch_made_is_free(name, fn, blind):
    assert _host_outputs(lambda: fn(blind)) == 0


def _host_outputs_of(out, foreign, written=()):
    """`out` allocated before the watch (as Inductor's `empty_strided_cuda` does, outside the dispatcher), then one
    launch; `foreign`: whether `out` is an input's or a model tensor's storage."""
    LAUNCH_WRITES.begin()
    w = ComputeWatch(None, (torch.float32,))
    w.writes.foreign = {storage_ptr(out)} if foreign else set()
    with w:
        _launch(*written)
    return w.writes.host_outputs([out])


def test_memory_allocated_outside_the_dispatcher_counts_as_a_blind_launchs():
    # a GPU's launch hook sees no arguments: only an input or a weight may not have been written by it
    assert _host_outputs_of(torch.empty(4, 8), foreign=False) == 0
    assert _host_outputs_of(torch.empty(4, 8), foreign=True) == 1
    # the interpreter knows what a launch stored: no guess for memory it did not store into
    assert _host_outputs_of(torch.empty(4, 8), foreign=False, written=[torch.empty(2)]) == 1


def test_a_launch_that_only_read_a_tensor_did_not_make_it():
    # interpreter: the input was a launch argument, read only; a clone of it is still not the kernel's
    def fn():
        out = torch.empty(4, 8)
        _launch(out)
        return (X.clone(),)
    assert _host_outputs(fn) == 1


@pytest.mark.heavy
def test_round8_host_final_combine_is_refused(runtime_only):
    task, code = redteam_case("R8A_10_host_final_combine", ROUND_8.name)  # two partial sums combined by Python
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and stage_credit(verdict) == 0.0
    assert "torch_compute_runtime" in verdict.violations and "host_output" in (verdict.error or ""), verdict.error
