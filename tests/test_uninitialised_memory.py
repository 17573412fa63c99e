"""What `torch.empty` hands a candidate (sandbox/worker/watch.py, `_poison_fresh`): memory as a GPU may leave it.

On a GPU an uninitialised allocation holds another tensor's bytes (PyTorch's caching allocator); on a CPU a
large one is often a fresh, zeroed page, so a kernel that atomically accumulates into `torch.empty` as if it were
zeroed was right on the CPU verifier only (red-team round 10, R10B_11). Under the compute watch a candidate's
uninitialised allocations come back filled with NaN (floats) or 0x5A (integers); initialised ones are untouched.
"""
import torch

from tritonrl.verifier_workers.sandbox.worker.watch import ComputeWatch


def test_a_candidates_uninitialised_allocations_hold_garbage_not_zeros():
    with ComputeWatch(None, (torch.float32,)):
        fresh = [torch.empty(64), torch.empty_like(torch.ones(3)), torch.ones(2).new_empty(4),
                 torch.empty_strided((2, 2), (1, 2))]
        ints, flags = torch.empty(8, dtype=torch.int32), torch.empty(3, dtype=torch.bool)
        zeros, copy = torch.zeros(4), torch.ones(4).clone()
    assert all(bool(torch.isnan(t).all()) for t in fresh)
    assert bool((ints == 0x5A).all()) and bool(flags.all())
    assert bool((zeros == 0).all()) and bool((copy == 1).all())

