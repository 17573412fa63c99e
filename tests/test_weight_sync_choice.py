"""rollout.weight_sync.choose_transport is the one rule for how learner weights reach the engines."""
from __future__ import annotations

import pytest

from tritonrl.rollout.weight_sync import choose_transport

GPU = ["object_store", "nccl", "ipc"]


@pytest.mark.parametrize("requested, on_gpu, transports, learner, engines, expected", [
    ("auto", False, [["object_store"]], None, [], "object_store"),  # CPU
    ("auto", True, [["object_store"]], "g0", [], "object_store"),  # transformers engine on a GPU host
    ("auto", True, [GPU], "g0", ["g0"], "ipc"),  # gpu1: the engine shares the learner's GPU
    ("auto", True, [GPU, GPU], "g0", ["g0", "g0"], "ipc"),
    ("auto", True, [GPU], "g0", ["g1"], "nccl"),  # preset=gpu: whole GPUs per role
    ("auto", True, [GPU, GPU], "g0", ["g0", "g1"], "nccl"),  # one engine elsewhere: IPC cannot reach it
    ("object_store", True, [GPU], "g0", ["g0"], "object_store"),
    ("nccl", True, [GPU], "g0", ["g0"], "nccl"),
])
def test_choice(requested, on_gpu, transports, learner, engines, expected):
    assert choose_transport(requested, on_gpu, transports, learner, engines) == expected


@pytest.mark.parametrize("requested, on_gpu, transports", [
    ("ipc", False, [["object_store"]]), ("nccl", True, [["object_store"]]), ("shm", True, [GPU])])
def test_impossible_or_unknown_transport_is_refused_with_the_reason(requested, on_gpu, transports):
    with pytest.raises(ValueError, match="rollout.weight_sync"):
        choose_transport(requested, on_gpu, transports, "g0", ["g0"])
