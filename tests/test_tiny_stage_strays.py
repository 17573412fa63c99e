"""A read outside the tensors excuses a wrong answer at the tiny stage's sizes only where it reaches an output
(funnel/runs.py wrong_beside_strays, sandbox/worker/interpreter_bounds.py; red-team round 6, R6C_03: a row sum
that drops each row's tail, plus a discarded out-of-bounds read so that the tiny stage blamed a missing mask)."""
from __future__ import annotations

import pytest
import torch

from tritonrl.verifier_workers.sandbox.compare import reads_reach

from helpers import ROUND_6, redteam_case
from test_autotune_configs import ROWSUM

MASKED_ROWSUM = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rowsum_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for k in range(0, n_cols, BLOCK):
        m = (k + offs) < n_cols
        acc += tl.load(x_ptr + row * n_cols + k + offs, mask=m, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, axis=0))


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        n_rows, n_cols = x.shape
        y = torch.empty((n_rows,), device=x.device, dtype=x.dtype)
        rowsum_kernel[(n_rows,)](x, y, n_cols, BLOCK=64)
        return y
'''


def test_reads_reach_an_output_when_some_element_moves():
    a = torch.tensor([1.0, float("nan"), 3.0])
    assert not reads_reach([a], [a.clone()])  # NaN against NaN is no difference
    assert reads_reach([a], [torch.tensor([1.0, float("nan"), 4.0])])
    assert not reads_reach([torch.tensor([1, 2])], [torch.tensor([1, 2])])


@pytest.mark.heavy
def test_a_masked_kernel_passes_the_tiny_stage(runtime_only):
    verdict = runtime_only.verify(ROWSUM, MASKED_ROWSUM)
    assert verdict.correct, verdict.error
    assert not verdict.stages["tiny"].get("skipped"), verdict.stages["tiny"]


@pytest.mark.heavy
def test_round_6_discarded_stray_read_does_not_shield_a_dropped_tail(runtime_only):
    task, code = redteam_case("R6C_03_rowsum_taildrop_stray", ROUND_6.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and verdict.stage != "full", (verdict.stage, verdict.error)
    assert "reach no output" in (verdict.error or ""), verdict.error
