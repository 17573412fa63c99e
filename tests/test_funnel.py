"""The funnel through real sandboxes on the CPU: stage order, partial credit, gold solutions, and crash
containment (each hostile candidate gives a verdict with a clear error, and the next verify works)."""
import pytest

from tritonrl.config import ExtensionsConfig, RewardConfig, SandboxConfig, VerifierConfig
from tritonrl.tasks.suite import get_builtin
from tritonrl.verifier_workers.funnel.verifier import Verifier
from tritonrl.reward.credit import stage_credit
from tritonrl.reward.terms import cheat_penalty, correctness_reward

from helpers import RELU_SMALL_HONEST as HONEST, RELU_SMALL_TASK as TASK, relu_small_model as model

# static passes; the interpreter runs it; triton.compile rejects it (arange needs a power-of-2 range)
NO_COMPILE = HONEST.replace("tl.arange(0, BLOCK_SIZE)", "tl.arange(0, 100)").replace("BLOCK_SIZE=256", "BLOCK_SIZE=100")
WRONG_MATH = HONEST.replace("tl.maximum(x, 0.0)", "tl.maximum(x, 0.5)")
NOT_PYTHON = "class ModelNew(:\n"


@pytest.mark.parametrize("code,stage,reward", [
    (NOT_PYTHON, "none", 0.0),
    (NO_COMPILE, "static", 0.3),
    (WRONG_MATH, "compile", 0.5),
    (HONEST, "full", 1.0),
])
def test_stages_in_order_with_partial_credit(verifier, code, stage, reward):
    v = verifier.verify(TASK, code)
    assert v.stage == stage, v.error
    assert stage_credit(v) == pytest.approx(reward)
    assert v.correct == (reward == 1.0)
    assert (v.error is None) == v.correct
    assert list(v.stages)[: len(v.stages)] == [s for s in ("static", "compile", "tiny", "full", "timing")
                                               if s in v.stages]


def test_full_stage_failure_earns_0_7(verifier):
    code = model("return launch(x, torch.zeros_like(x), n=min(x.numel(), 1024))")
    v = verifier.verify(TASK, code)
    assert v.stage == "tiny" and stage_credit(v) == pytest.approx(0.7), v.error
    assert "larger_shapes" in v.error


def test_unstaged_reward_is_binary(verifier):
    verifier.ext.staged = False
    try:
        v = verifier.verify(TASK, WRONG_MATH)
        assert "tiny" not in v.stages and stage_credit(v, staged=False) == 0.0 and not v.correct
    finally:
        verifier.ext.staged = True


def test_static_violation_stops_before_running(verifier):
    code = HONEST.replace("return launch(x, torch.empty_like(x))", "return torch.nn.functional.relu(x)")
    v = verifier.verify(TASK, code)
    assert v.stage == "none" and v.violations and v.error.startswith("static check")
    assert "compile" not in v.stages


@pytest.mark.parametrize("name", ["relu", "matmul", "layernorm", "softmax"])
def test_gold_solutions_pass(verifier, name):
    task = get_builtin(name)
    v = verifier.verify(task, task.gold_src)
    assert v.correct, (name, v.error, v.variants)
    assert v.speedup is None  # not timed on the CPU
    # where the full stage's time went: both workers ran, and their calls fit inside the stage
    calls = v.stages["full"]["worker_calls"]
    assert calls["reference.run"][0] >= 1 and calls["candidate.run"][0] >= 1
    assert sum(s for _, s in calls.values()) <= v.stages["full"]["seconds"]


# ------------------------------------------------------------------ crash containment

def forward(body: str, extra: str = "") -> str:
    return model(body + "\nreturn launch(x, torch.empty_like(x))", extra)


# name: (code, what the error or violations say, whether it is an act against the sandbox). Acts against the
# sandbox earn the cheat penalty, never the partial credit of the stages before (a policy must not learn that
# killing its worker beats an honest wrong answer); a timeout does not (correct kernels can be slow on a CPU).
HOSTILE = {
    "segfault": (forward("ctypes.string_at(0)", "\nimport ctypes\n"), "crash (SIGSEGV)", True),
    "python_infinite_loop": (forward("while True:\n    pass"), "timeout in stage", False),
    "kernel_infinite_loop": (HONEST.replace("    pid = tl.program_id(0)\n",
                                            "    pid = tl.program_id(0)\n    while pid >= 0:\n        pid = pid + 0\n"),
                             "timeout in stage", False),
    "huge_allocation": (forward("big = torch.ones(1 << 31, dtype=torch.float64)"), "worker_died", True),
    "sys_exit": (forward("sys.exit(3)", "\nimport sys\n"), "SystemExit", True),
    "os_exit": (forward("os._exit(0)", "\nimport os\n"), "worker exited", True),
    "stdout_flood": (forward("for _ in range(100000):\n    print('x' * 10000)"), "sandbox_denied", True),
    "child_left_running": (forward("subprocess.Popen(['sleep', '600'])", "\nimport subprocess\n"), "child", True),
    "write_outside_sandbox": (forward("open('/usr/tritonrl_probe', 'w').write('x')"), "sandbox_denied", True),
    "signal_the_supervisor": (forward("os.kill(os.getppid(), signal.SIGTERM)", "\nimport os, signal\n"),
                              "sandbox_denied", True),
}


@pytest.fixture(scope="module")
def contained():
    sb = SandboxConfig(memory_mb=3072, max_output_mb=8,
                       stage_timeout_s={"load": 60.0, "compile": 25.0, "tiny": 10.0, "full": 10.0, "timing": 10.0})
    cfg = VerifierConfig(stages=["compile", "tiny", "full"], sandbox=sb)
    v = Verifier(cfg, ExtensionsConfig(multi_input=False), device="cpu")
    yield v
    v.close()


@pytest.mark.heavy
# (a Python infinite loop waits out the same stage timeout as the kernel's: `make test-all`, ~30 s in CI)
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.extended) if n == "python_infinite_loop" else n
                                  for n in sorted(HOSTILE)])
def test_crash_is_contained_and_next_verify_works(contained, name):
    code, expected, hostile = HOSTILE[name]
    v = contained.verify(TASK, code)
    assert not v.correct and v.error and "\n" not in v.error
    assert expected in v.error or expected in v.violations, (v.error, v.violations)
    reward = correctness_reward(v, RewardConfig(), staged=True) + cheat_penalty(v, RewardConfig())
    if hostile:
        assert reward == RewardConfig().cheat_penalty < 0, (v.violations, v.stages)
    else:
        assert not v.violations and reward >= 0
    ok = contained.verify(TASK, HONEST)
    assert ok.correct, (name, ok.error)


# A second kernel only the task's sizes reach, launched with options no GPU accepts (the interpreter ignores
# them): the probe (tiny sizes) never launches it, so the full stage's own launches are compiled too.
INTERPRETER_ONLY_AT_FULL_SIZE = model('''
if x.numel() > 64:
    out = torch.empty_like(x)
    relu_big[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), BLOCK_SIZE=256, num_warps=3)
    return out
return launch(x, torch.empty_like(x))''', extra='''

@triton.jit
def relu_big(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(out_ptr + offsets, tl.maximum(tl.load(x_ptr + offsets, mask=mask, other=0.0), 0.0), mask=mask)
''')


def test_launches_of_the_full_stage_are_compiled_too(unchecked):
    v = unchecked.verify(TASK, INTERPRETER_ONLY_AT_FULL_SIZE)
    assert not v.correct and "relu_big" in v.error and "full stage" in v.error, v.error
    assert v.stages["compile"]["passed"] and not v.stages["full"]["passed"]
    ok = unchecked.verify(TASK, HONEST)
    assert ok.correct and ok.stages["compile"]["compiled"] >= 1, ok.error
