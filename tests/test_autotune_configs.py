"""Every autotune config a candidate ships is run and compared under the CPU interpreter
(sandbox/worker/autotune_check.py; red-team round 6, R6C_05: 32 configs, the last four wrong and fastest)."""
from __future__ import annotations

import pytest

from helpers import RELU_SMALL_REF, ROUND_6, redteam_case
from tritonrl.tasks.task import Task

ROWSUM = Task(name="rowsum", level=1, reference_src=(ROUND_6 / "refs" / "rowsum.py").read_text())

AUTOTUNED_ROWSUM = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": b}, num_warps=w) for b in (32, 64, 128) for w in (1, 4)],
                 key=["n_cols"])
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
        rowsum_kernel[(n_rows,)](x, y, n_cols)
        return y
'''

ONE_WRONG_CONFIG = AUTOTUNED_ROWSUM.replace(
    'for b in (32, 64, 128) for w in (1, 4)]',
    'for b in (32, 64, 128) for w in (1, 4)] + [triton.Config({"BLOCK": 16}, num_warps=8)]').replace(
    "acc += tl.load(", "acc += tl.where(BLOCK == 16, 0.5, 1.0) * tl.load(")


@pytest.mark.heavy
def test_an_autotuned_kernel_with_several_right_configs_is_accepted(runtime_only):
    verdict = runtime_only.verify(ROWSUM, AUTOTUNED_ROWSUM)
    assert verdict.correct, verdict.error


@pytest.mark.heavy
def test_a_config_past_the_verifications_launches_is_still_run(runtime_only):
    """Seven configs, the last one wrong: the rotation alone would reach it only on the seventh launch."""
    verdict = runtime_only.verify(ROWSUM, ONE_WRONG_CONFIG)
    assert not verdict.correct and "autotune config" in (verdict.error or ""), verdict.error
    assert "'BLOCK': 16" in verdict.error


@pytest.mark.heavy
def test_round_6_wrong_tail_configs_are_refused(runtime_only):
    task, code = redteam_case("R6C_05_rowsum_autotune_tail_configs", ROUND_6.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "autotune config" in (verdict.error or ""), verdict.error
    assert "'SPLIT': 2" in verdict.error
