"""A failed run keeps its candidate worker unless it may have damaged it (funnel/runs.py fresh_candidate).

A restart costs a verification 2-6 s, which on real policy samples was most of the verifier's time. Under the
CPU interpreter the worker checks every store of a launch against the launch's tensor arguments: a kernel that
failed before storing, or stored only inside its tensors, keeps the worker; one that stored outside them
(into the worker's own heap) gets a fresh one. The verdicts are the same either way.
"""
import pytest

from helpers import RELU_SMALL_HEAD, RELU_SMALL_HONEST, RELU_SMALL_TASK
from tritonrl.config import VerifierConfig
from tritonrl.verifier_workers.funnel.runs import WorkerRuns

# no mask: at the task's sizes (4 x 256, one block per 256) every store is in bounds; at the tiny stage's
# shrunken sizes the last block stores past the end of `out`, into the worker's heap
UNMASKED = RELU_SMALL_HEAD + '''

@triton.jit
def unmasked_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs), 0.0))


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        unmasked_kernel[(triton.cdiv(x.numel(), 256),)](x, out, BLOCK=256)
        return out
'''

# fails inside the kernel before its first store (a name Triton lacks): nothing was written
FAILS_BEFORE_STORE = RELU_SMALL_HEAD + '''

@triton.jit
def broken_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    y = tl.no_such_function(tl.load(x_ptr + offs, mask=offs < n))
    tl.store(out_ptr + offs, y, mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        broken_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
        return out
'''

WRONG_IN_BOUNDS = RELU_SMALL_HEAD + '''

@triton.jit
def off_by_one_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=offs < n), 0.0) + 1.0, mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        off_by_one_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
        return out
'''


def verify_counting_starts(verifier, code):
    task = RELU_SMALL_TASK
    verifier.verify(task, RELU_SMALL_HONEST)  # a started, clean candidate worker
    before = verifier.runs.candidate.starts
    verdict = verifier.verify(task, code)
    return verdict, verifier.runs.candidate.starts - before


def test_a_kernel_failing_before_its_first_store_keeps_the_worker(unchecked):
    verdict, restarts = verify_counting_starts(unchecked, FAILS_BEFORE_STORE)
    assert not verdict.correct and verdict.stage in ("none", "static")
    assert restarts == 0


def test_wrong_values_stored_in_bounds_keep_the_worker(unchecked):
    verdict, restarts = verify_counting_starts(unchecked, WRONG_IN_BOUNDS)
    assert not verdict.correct and "wrong output" in verdict.error
    assert restarts == 0


def test_a_store_outside_the_tensors_gets_a_fresh_worker(unchecked):
    verdict, restarts = verify_counting_starts(unchecked, UNMASKED)
    assert restarts >= 1
    # forgiven at the tiny stage's shrunken sizes; at the larger variants' sizes its last block stores past
    # `out` again, which a GPU writes into other memory: `stray_store` since round 9 (R9B_14), where it was
    # accepted before because the interpreter dropped those stores
    assert verdict.stage == "tiny", (verdict.stage, verdict.error)
    assert not verdict.correct and "stray_store" in verdict.violations, (verdict.error, verdict.violations)


@pytest.mark.parametrize("device,reply,damaged", [
    ("cpu", {"ok": True, "run_error": "AttributeError", "launches_before_error": 1, "stray_writes": 0}, False),
    ("cpu", {"ok": True, "stray_writes": 1}, True),
    ("cpu", {"ok": True}, True),  # a reply that does not say: assume the worst
    ("cpu", {"ok": False}, True),
    ("cuda", {"ok": True, "run_error": "CompilationError", "launches_before_error": 0}, False),
    ("cuda", {"ok": True, "run_error": "illegal memory access", "launches_before_error": 2}, True),
    ("cuda", {"ok": True, "run_error": "ValueError", "launches_before_error": 0, "calls_before_error": 1}, True),
    ("cuda", {"ok": True}, False),  # wrong values: device writes cannot reach the host heap
])
def test_which_failed_runs_may_have_damaged_their_worker(device, reply, damaged):
    runs = WorkerRuns(VerifierConfig(), device)  # no worker starts until a call
    assert runs.damage_possible(reply) is damaged
