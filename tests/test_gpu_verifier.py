"""The verifier on a real GPU: timing, speedup, stream checks. Run on the device machine: pytest -m gpu."""
import pytest
import torch

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.suite import get_builtin
from tritonrl.verifier_workers.funnel import Verifier

from test_runtime_anticheat import HONEST, TASK, model

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")]


@pytest.fixture(scope="module")
def verifier():
    v = Verifier(VerifierConfig(), ExtensionsConfig(), device="cuda")
    yield v
    v.close()


# matmul is left out: its gold uses TF32 tl.dot and misses fp32 tolerances at 2048^3 (reported to the lead)
@pytest.mark.parametrize("name", ["relu", "softmax", "layernorm"])
def test_gold_is_correct_and_timed(verifier, name):
    task = get_builtin(name)
    v = verifier.verify(task, task.gold_src)
    assert v.correct, (v.error, v.variants)
    assert v.stage == "timing" and v.speedup is not None and v.speedup > 0
    assert v.timing["method"] == "calibrated" and v.timing["trials"] == verifier.cfg.timing.trials
    assert v.timing["idle_trials"] == 0


def test_side_stream_launch_is_caught():
    code = model('''
out = torch.empty_like(x)
s = torch.cuda.Stream()
with torch.cuda.stream(s):
    launch(x, out)
torch.cuda.synchronize()
return out''')
    cfg = VerifierConfig(stages=["compile", "tiny", "full", "timing"])
    with Verifier(cfg, ExtensionsConfig(), device="cuda") as raw:
        v = raw.verify(TASK, code)
    assert not v.correct and "side_stream" in v.violations, v.error


def test_timed_behaviour_switch_is_caught():
    # correct for the first calls (correctness runs), then returns stale output once timed repeatedly
    code = model('''
STATE["n"] += 1
out = launch(x, torch.empty_like(x))
if STATE["n"] > 12:
    return STATE.setdefault("old", out)
return out''', extra="\nSTATE = {'n': 0}\n")
    cfg = VerifierConfig(stages=["compile", "tiny", "full", "timing"])
    with Verifier(cfg, ExtensionsConfig(multi_input=False), device="cuda") as raw:
        v = raw.verify(TASK, code)
    assert not v.correct
    assert "timed_output_mismatch" in v.flags or v.violations, v.error


def test_single_shot_mode(verifier):
    verifier.ext.calibrated_timing = False
    try:
        v = verifier.verify(TASK, HONEST)
    finally:
        verifier.ext.calibrated_timing = True
    assert v.correct and v.timing["method"] == "single_shot" and v.timing["trials"] == 1
