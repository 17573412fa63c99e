"""Allowed torch ops that compute values after all (value_ops.py): the compute watch counts a conversion that
changes values, a non-integer `arange`, a materialised overlapping view, scalar in-place arithmetic outside
nn.init, and the reference's own data movement, while their value-preserving uses stay free. Unit checks run
the watch in this process on small tensors; the red-team round-7 cheats of the class go through the verifier.
"""
import pytest
import torch
import torch.nn as nn

from tritonrl.reward.credit import stage_credit
from tritonrl.verifier_workers.sandbox.worker.task_moves import OpNames
from tritonrl.verifier_workers.sandbox.worker.watch import INIT_ATEN, ComputeWatch

from helpers import ROUND_7, ROUND_8, ROUND_9, redteam_case

X = torch.randn(4, 8)
IDX = torch.randint(0, 1000, (16,))


def _slice_loop(step=1, width=5):
    """Windows of X copied into the rows of a buffer: overlapping ones replicate data (an im2col loop)."""
    buf = torch.empty(2, 4, width)
    for i in range(2):
        buf[i] = X[:, i * step:i * step + width]


def _ops(fn, task_dtypes=(torch.float32,), task_moves=()):
    w = ComputeWatch(None, task_dtypes, task_moves)
    with w:
        fn()
    return w.ops


@pytest.mark.parametrize("name, fn, op", [
    ("float_to_bool_is_not_zero", lambda: X.to(torch.bool).float(), "_to_copy(float32->bool)"),
    ("int_narrowing_is_a_mask", lambda: IDX.to(torch.uint8).long(), "_to_copy(int64->uint8)"),
    ("float_narrowing_off_the_task_dtype", lambda: X.double().to(torch.float16), "_to_copy(float64->float16)"),
    ("copy_into_bool", lambda: torch.empty(4, 8, dtype=torch.bool).copy_(X), "copy_(float32->bool)"),
    ("low_byte_by_a_dtype_view", lambda: IDX.view(torch.uint8)[::8].long(), "view(int64->uint8)"),
    ("arange_float_step_is_a_table", lambda: torch.arange(0.5, 3.0, 0.25), "arange(non-integer)"),
    ("unfold_materialised_is_im2col", lambda: X.unfold(1, 3, 1).contiguous(), "clone(overlapping)"),
    ("cat_of_overlapping_windows", lambda: torch.cat([X.unfold(1, 3, 1)]), "cat(overlapping)"),
    ("stack_of_shifted_windows", lambda: torch.stack([X[:, i:i + 5] for i in range(3)]), "stack(overlapping)"),
    ("im2col_by_slice_assignment", lambda: _slice_loop(), "copy_(overlapping)"),
    ("concatenation_by_slice_assignment", lambda: torch.zeros(8, 8)[:4].copy_(X), "copy_(the task's)"),
    ("scalar_fold_outside_nn_init", lambda: torch.ones(3).mul_(2.5), "mul_(scalar)"),
    ("the_reference_own_concatenation", lambda: torch.cat([X, X]), "cat(the task's)"),
])
def test_value_changing_op_is_compute(name, fn, op):
    ops = _ops(fn, task_moves=("cat",) if op.endswith("(the task's)") else ())
    assert op in ops, ops
    assert op not in INIT_ATEN  # in a constructor too, unless the reference's does the same


@pytest.mark.parametrize("name, fn", [
    ("bool_to_float", lambda: (X > 0).to(torch.float32)),
    ("int_narrowing_of_small_indices", lambda: torch.arange(16).to(torch.int32)),
    ("uint8_onehot_to_bool", lambda: torch.eye(4, dtype=torch.uint8).bool()),
    ("float_widening", lambda: X.double()),
    ("bool_mask_viewed_as_bytes", lambda: (X > 0).view(torch.uint8)),
    ("cast_back_to_the_task_dtype", lambda: X.double().float()),
    ("integer_arange_as_float", lambda: torch.arange(0, 8, dtype=torch.float32)),
    ("broadcast_materialised", lambda: X[:1].expand(4, 8).contiguous()),
    ("transpose_materialised", lambda: X.t().contiguous()),
    ("overlapping_view_not_copied", lambda: X.unfold(1, 3, 1)),
    ("cat_where_the_reference_does_none", lambda: torch.cat([X[:2], X[2:]])),
    ("disjoint_slices_placed", lambda: _slice_loop(step=4, width=4)),
    ("nn_init_scalar_gain", lambda: nn.init.orthogonal_(torch.empty(4, 4), gain=2.0)),
])
def test_value_preserving_op_is_free(name, fn):
    ops = _ops(fn)
    assert not [o for o in ops if any(mark in o for mark in ("->", "(non-integer)", "(overlapping)", "(scalar)",
                                                             "(the task's)"))], ops


@pytest.mark.parametrize("name, ref_move, fn, op", [
    ("roll_done_as_a_cat", "roll", lambda: torch.cat([X[:, 6:], X[:, :6]], dim=1), "cat(the task's)"),
    ("cat_done_as_a_stack", "cat", lambda: torch.stack([X, X], dim=1).reshape(4, 16), "stack(the task's)"),
    ("repeat_done_as_expand_reshape", "repeat", lambda: X.unsqueeze(1).expand(4, 3, 8).reshape(4, 24),
     "clone(the task's)"),
    ("broadcast_copied_where_the_task_moves", "expand_copy", lambda: X[:1].expand(4, 8).contiguous(),
     "clone(the task's)"),
    ("repeat_done_as_a_broadcasting_copy", "repeat", lambda: torch.empty(3, 4, 8).copy_(X), "copy_(the task's)"),
    ("pad_in_a_flip_task", "flip", lambda: torch.nn.functional.pad(X, (1, 1)), "constant_pad_nd(the task's)"),
    # round 9: R9A_03 a pixel shuffle as view + permute + contiguous, a reshape or copy_ of a transpose
    ("pixel_shuffle_done_as_permute_contiguous", "pixel_shuffle",
     lambda: X.view(1, 2, 2, 4, 2).permute(0, 3, 1, 4, 2).contiguous(), "clone(the task's: permuted)"),
    ("transpose_reshaped_in_a_move_task", "roll", lambda: X.t().reshape(32), "clone(the task's: permuted)"),
    ("transpose_copied_into_a_buffer", "roll", lambda: torch.empty(8, 4).copy_(X.t()), "copy_(the task's: permuted)"),
    # R10A_11: the reference's diagonal (a view that selects) materialised by aten: any copy of a source with gaps
    ("diagonal_gathered_by_contiguous", "diagonal", lambda: X[:4, :4].diagonal().contiguous(),
     "clone(the task's: selected)"),
    ("strided_selection_in_a_diagonal_task", "diagonal", lambda: X[:, ::2].clone(memory_format=torch.contiguous_format),
     "clone(the task's: selected)"),
    # R9A_15: a nearest upsampling is a move; done as expand + reshape
    ("upsample_done_as_expand_reshape", "upsample_nearest2d",
     lambda: X[:, None, :, None].expand(4, 2, 8, 2).reshape(8, 16), "clone(the task's)"),
])
def test_a_materialising_move_in_a_move_task_is_compute(name, ref_move, fn, op):
    # R8A_01, R8A_02, R8A_08: the reference moves its data (roll, cat, repeat), the candidate's aten moves it
    # with another op
    assert op in _ops(fn, task_moves=(ref_move,))


@pytest.mark.parametrize("name, fn", [
    ("contiguous_of_a_contiguous_tensor", lambda: X.contiguous()),
    ("contiguous_of_a_slice", lambda: X[:, 2:].contiguous()),  # every element in the input's own order
    ("clone_keeping_a_transposes_strides", lambda: X.t().clone()),  # nothing moves in memory
    ("clone", lambda: X.clone()),
    ("widened", lambda: X.double()),
    ("a_view", lambda: X.reshape(2, 16)),
])
def test_a_plain_layout_copy_in_a_move_task_is_free(name, fn):
    assert not [o for o in _ops(fn, task_moves=("roll",)) if "(the task's)" in o]


def test_a_diagonal_read_through_its_view_is_free_in_a_diagonal_task():
    assert not [o for o in _ops(lambda: X[:4, :4].diagonal() * 1.0, task_moves=("diagonal",)) if "(the task's" in o]


def test_the_reference_moves_only_what_derives_from_its_data():
    def moves(fn, *tensors):
        o = OpNames(tensors)
        with o:
            fn(*tensors)
        return o.names
    assert moves(lambda x: torch.relu(torch.roll(x, 3, 1)), X) == {"roll"}
    assert moves(lambda x: x.repeat(1, 2) * 2, X) == {"repeat"}
    assert moves(lambda x: x + torch.cat([torch.zeros(4, 4), torch.ones(4, 4)], 1), X) == set()  # a constant
    assert moves(lambda x: torch.relu(x.t()), X) == set()
    assert moves(lambda x: torch.nn.functional.interpolate(x[None, None], scale_factor=2), X) == {"upsample_nearest2d"}
    # a reference that only reorders (a channel shuffle by view + transpose + contiguous, R10B_03) moves; a
    # transpose made contiguous before compute (an attention's layout step) does not make the task a move
    shuffle = lambda x: x.view(2, 2, 2, 4).transpose(1, 2).contiguous().view(4, 8)  # noqa: E731
    assert moves(shuffle, X) == {"permuted_copy"}
    assert moves(lambda x: x.t().reshape(16, 2), X) == {"permuted_copy"}
    assert moves(lambda x: x.t().contiguous() @ x, X) == {"mm"}
    assert moves(lambda x: torch.relu(x.t().contiguous()), X) == set()
    assert moves(lambda x: torch.relu(x[:4, :4].diagonal()), X) == {"diagonal"}  # a selection: the task moves


@pytest.mark.heavy
@pytest.mark.parametrize("name, violation", [
    ("R7A_01_catpad_torch", "torch_compute_runtime"),  # F.pad(torch.cat(...)) where the task is exactly that
    ("R7A_02_boolcast_mask", "torch_compute_runtime"),  # y.to(bool).to(float): y != 0
    ("R7A_03_arange_bias_table", "torch_compute_runtime"),  # ALiBi rows from float arange
    ("R7A_04_unfold_im2col", "torch_compute_runtime"),  # unfold + contiguous: im2col by aten
    ("R7A_08_ctor_scalar_fold", "init_compute"),  # weight.mul_(scale) in __init__
    ("R7A_10_int_narrowing_host", "torch_compute_runtime"),  # int64 -> uint8 -> int64: x & 255
])
def test_round7_value_changing_torch_op_is_refused(runtime_only, name, violation):
    task, code = redteam_case(name, ROUND_7.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and stage_credit(verdict) == 0.0
    assert violation in verdict.violations, (verdict.violations, verdict.error)


@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R8A_01_roll_by_cat", "R8A_02_cat_task_by_stack", "R8A_08_repeat_by_expand",
                                  "R9A_03_pixel_shuffle_by_permute", "R9A_15_upsample_by_expand_reshape"])
def test_round8_move_by_another_op_is_refused(runtime_only, name):
    task, code = redteam_case(name, (ROUND_9 if name.startswith("R9") else ROUND_8).name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and stage_credit(verdict) == 0.0
    assert "torch_compute_runtime" in verdict.violations and "the task's" in (verdict.error or ""), verdict.error
