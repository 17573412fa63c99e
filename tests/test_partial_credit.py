"""Partial credit from the staged funnel (`stage_credit`): a stage that had nothing to check earns none (the
tiny stage of a task with inline sizes is skipped). Stage order and the credit of each stage are in
test_funnel.py.
"""
import pytest

from tritonrl.reward.credit import stage_credit
from tritonrl.tasks.task import Task

from helpers import model


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
    # an honest launch that computes the wrong thing (a copy, not a ReLU): its output comes from the kernel, so
    # it gets past the data-flow rules and fails on values
    wrong = model('''
out = torch.empty_like(x)
copy_kernel[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK=256)
return out''')
    verdict = verifier.verify(Task(name="relu_inline_r8", level=1, reference_src=INLINE_REF), wrong)
    assert not verdict.correct
    assert verdict.stages["tiny"].get("skipped"), verdict.stages["tiny"]
    assert verdict.stage == "compile" and stage_credit(verdict) == pytest.approx(0.5), (verdict.stage, stage_credit(verdict))
