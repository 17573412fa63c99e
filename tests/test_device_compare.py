"""The GPU path's device-side comparison: slot bookkeeping and validation of hostile handles (CPU-checkable
parts; the CUDA IPC round trip itself is covered by tests/test_gpu_verifier.py)."""
import pytest
import torch

from tritonrl.verifier_workers.sandbox.worker import device_compare as dc


@pytest.fixture(autouse=True)
def _clean():
    dc.forget()
    yield
    dc.forget()


def test_missing_slot_is_reported_not_guessed():
    reply, _ = dc.op_compare({"slot": "nope", "handles": []}, {})
    assert reply == {"missing": True}


def test_wrong_number_of_outputs_fails_the_comparison():
    dc.keep("s", [torch.zeros(4)])
    reply, _ = dc.op_compare({"slot": "s", "handles": []}, {})
    assert reply["result"]["passed"] is False and "0 outputs, expected 1" in reply["result"]["error"]


def test_slots_are_evicted_least_recently_used_first(monkeypatch):
    monkeypatch.setitem(dc._LIMIT, "bytes", dc._LIMIT["bytes"])  # restored afterwards
    dc.set_memory_cap(4 * 3 * 400)  # kept outputs may use a quarter of the worker's cap: three of 400 bytes
    for name in "abcd":
        dc.keep(name, [torch.zeros(100)])  # 400 bytes each
    assert list(dc._KEPT) == ["b", "c", "d"]
    dc.op_compare({"slot": "b", "handles": []}, {})  # a use refreshes the slot
    dc.keep("e", [torch.zeros(100)])
    assert list(dc._KEPT) == ["d", "b", "e"]


def test_kept_outputs_stay_within_a_quarter_of_the_memory_cap(monkeypatch):
    monkeypatch.setitem(dc._LIMIT, "bytes", dc._LIMIT["bytes"])
    dc.set_memory_cap(6 << 30)  # preset gpu1: 8% of an 80 GB GPU per sandbox
    assert dc._LIMIT["bytes"] == int(dc.KEPT_SHARE * (6 << 30)) < dc.KEPT_BYTES
    dc.set_memory_cap(1 << 40)
    assert dc._LIMIT["bytes"] == dc.KEPT_BYTES


@pytest.mark.parametrize("handle, match", [
    ({"dtype": "complex64", "size": [4]}, "dtype"),
    ({"dtype": "float32", "size": "4"}, "size"),
    ({"dtype": "float32", "size": [4, True]}, "size"),
    ({"dtype": "float32", "size": [4], "stride": [1, 1]}, "stride"),
    ({"dtype": "float32", "size": [4], "stride": [-1]}, "stride"),
    ({"dtype": "float32", "size": [4], "empty": True}, "empty"),
])
def test_malformed_handles_are_rejected(handle, match):
    with pytest.raises(ValueError, match=match):
        dc.open_handle(handle)


def test_bad_handle_list_is_an_error():
    dc.keep("s", [torch.zeros(4)])
    with pytest.raises(ValueError, match="bad output handles"):
        dc.op_compare({"slot": "s", "handles": "x"}, {})


def test_a_comparison_out_of_memory_twice_says_what_the_worker_holds(monkeypatch):
    """The retry frees the other kept slots; if the comparison still runs out of memory, the error names the
    worker's memory (allocated, reserved, kept), for the verdict to blame the verifier, not the candidate."""
    def oom(*_a, **_k):
        raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 864.00 MiB.")
    monkeypatch.setattr(dc, "compare_calls", oom)
    monkeypatch.setattr(dc, "open_handle", lambda h: torch.zeros(4))
    for name in ("cuda.empty_cache", "cuda.synchronize"):
        monkeypatch.setattr(torch.cuda, name.split(".")[1], lambda: None)
    monkeypatch.setattr(torch.cuda, "memory_allocated", lambda: 3 << 30)
    monkeypatch.setattr(torch.cuda, "memory_reserved", lambda: 3 << 30)
    dc.keep("other", [torch.zeros(8)])
    dc.keep("s", [torch.zeros(4)])
    with pytest.raises(torch.OutOfMemoryError) as e:
        dc.op_compare({"slot": "s", "handles": [{}]}, {})
    assert "3072 MiB allocated" in str(e.value) and "1 kept slots" in str(e.value)
    assert list(dc._KEPT) == ["s"]


def test_an_out_of_memory_comparison_is_the_verifiers_failure():
    """The reference worker's memory is the verifier's: its OOM makes the verdict reference_failed (an
    infrastructure failure, left out of the group baseline), never a wrong answer charged to the candidate."""
    from tritonrl.config import VerifierConfig
    from tritonrl.verifier_workers.funnel.runs import ReferenceFailed, WorkerRuns

    class OutOfMemoryWorker:
        def call(self, op, args, timeout):
            return {"ok": False, "error_type": "OutOfMemoryError", "error": "OutOfMemoryError: CUDA out of memory"}, {}

    runs = object.__new__(WorkerRuns)
    runs.cfg, runs.reference, runs.deadline = VerifierConfig(), OutOfMemoryWorker(), None
    with pytest.raises(ReferenceFailed, match="reference worker out of GPU memory"):
        runs.compare_outputs("slot", {"handles": [{}], "n_calls": 1}, "full")
