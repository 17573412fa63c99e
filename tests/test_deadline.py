"""A run with a deadline ends RL early enough for its final evaluation (tritonrl/deadline.py)."""
from tritonrl.deadline import last_step_now


def test_the_last_step_leaves_room_for_one_more_step_and_the_final_evaluation():
    # 100 s left: a step of 20 s and an evaluation of 50 s fit after this step (2 x 20 + 50 = 90)
    assert not last_step_now(elapsed_s=500, step_s=[18, 20, 19], eval_s=50, deadline_s=600)
    assert last_step_now(elapsed_s=520, step_s=[18, 20, 19], eval_s=50, deadline_s=600)
    assert last_step_now(elapsed_s=520, step_s=[30, 10, 10, 10], eval_s=50, deadline_s=600) is False  # last 3 only


def test_no_deadline_never_stops_and_the_first_step_counts_only_the_evaluation():
    assert not last_step_now(elapsed_s=10_000, step_s=[100], eval_s=100, deadline_s=0)
    assert last_step_now(elapsed_s=560, step_s=[], eval_s=50, deadline_s=600)
