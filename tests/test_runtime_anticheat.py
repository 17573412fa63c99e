"""Runtime anti-cheat, on its own: cheating candidates run in real sandboxes with static checks turned off
(many are written to slip past them), and each must be caught by the checks in harness.py / funnel.py."""
import pytest

from tritonrl.config import ExtensionsConfig, VerifierConfig
from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.funnel import Verifier

RELU_REF = '''
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
    def forward(self, x):
        return torch.relu(x)

batch_size = 4
dim = 256

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []
'''

HEAD = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(out_ptr + offsets, tl.maximum(x, 0.0), mask=mask)


def launch(x, out, n=None):
    n = x.numel() if n is None else n
    relu_kernel[(triton.cdiv(n, 256),)](x, out, n, BLOCK_SIZE=256)
    return out
'''


def model(forward_body: str, extra: str = "") -> str:
    body = "\n".join("        " + line for line in forward_body.strip().splitlines())
    return HEAD + extra + f'''

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
{body}
'''


HONEST = model("return launch(x, torch.empty_like(x))")

CHEATS = {
    # decoy: a real launch under no_grad only
    "decoy_no_grad_only": (model('''
if torch.is_grad_enabled():
    return torch.empty_like(x)
return launch(x, torch.empty_like(x))'''), "no_triton_launch"),
    # torch compute through a name the AST cannot see, next to a decoy launch
    "obfuscated_torch_compute": (model('''
launch(x, torch.empty_like(x))
f = getattr(torch, "re" + "lu")
return f(x)'''), "torch_compute_runtime"),
    # computes correctly, then zeroes the input in place (a later reference would see zeros)
    "zero_inputs_in_place": (model('''
out = launch(x, torch.empty_like(x))
x.zero_()
return out'''), "input_mutation"),
    # computes in half precision on an fp32 task, the dtype hidden from the AST in a dict
    "half_precision_through_a_dict": (model('''
t = {"c": torch.float16}
h = x.to(t["c"])
return launch(h, torch.empty_like(h)).to(x.dtype)'''), "precision_downgrade"),
    # the output is the input's own storage
    "output_aliases_input": (model("return launch(x, x)"), "output_alias"),
    # a Tensor subclass (a lazy tensor could compute only when compared)
    "tensor_subclass": (model("return launch(x, torch.empty_like(x)).as_subclass(Lazy)",
                              extra="\n\nclass Lazy(torch.Tensor):\n    pass\n"), "output_subclass"),
    # the kernel launched from another thread
    "launch_in_thread": (model('''
out = torch.empty_like(x)
t = threading.Thread(target=launch, args=(x, out))
t.start()
t.join()
return out''', extra="\nimport threading\n"), "threads"),
    # returns a cached output without launching on later calls
    "cache_skips_launch": (model('''
key = tuple(x.shape)
if key not in CACHE:
    CACHE[key] = launch(x, torch.empty_like(x))
return CACHE[key].clone()''', extra="\nCACHE = {}\n"), "no_triton_launch"),
    # patches the comparison at import
    "patch_allclose": (model("return launch(x, torch.empty_like(x))",
                             extra="\ntorch.allclose = lambda *a, **k: True\n"), "runtime_patch"),
}

WRONG = {
    # a hard-coded output, precomputed for one seed at import
    "hard_coded_output": (model("launch(x, torch.empty_like(x))\nreturn HARD.clone()",
                                extra="\ntorch.manual_seed(42)\nHARD = torch.rand(4, 256)\n"),
                          "tiny"),
    # correct only up to the tested size: fails the larger-shapes variant
    "shape_specialised": (model("return launch(x, torch.zeros_like(x), n=min(x.numel(), 1024))"), "larger_shapes"),
    # caches the output by shape across calls (still launching): the x2-values variant gets a stale answer
    "cache_across_calls": (model('''
out = launch(x, torch.empty_like(x))
return CACHE.setdefault(tuple(x.shape), out).clone()''', extra="\nCACHE = {}\n"), "values_x2"),
}

TASK = Task(name="relu_small", level=1, reference_src=RELU_REF)


@pytest.fixture(scope="module")
def verifier():
    cfg = VerifierConfig(stages=["compile", "tiny", "full"], seed_entropy=True)
    v = Verifier(cfg, ExtensionsConfig(), device="cpu")
    yield v
    v.close()


def test_honest_candidate_passes(verifier):
    verdict = verifier.verify(TASK, HONEST)
    assert verdict.correct, verdict.error
    assert [var["name"] for var in verdict.variants] == ["original", "values_x2", "new_seed", "heterogeneous",
                                                         "larger_shapes", "other_precision"]
    assert all(var["passed"] and var["atol"] is not None for var in verdict.variants)


@pytest.mark.parametrize("name", sorted(CHEATS))
def test_cheat_is_caught_at_runtime(verifier, name):
    code, violation = CHEATS[name]
    verdict = verifier.verify(TASK, code)
    assert not verdict.correct
    assert violation in verdict.violations, (verdict.violations, verdict.error)
    assert verdict.reward == 0.0 and verdict.error


@pytest.mark.parametrize("name", sorted(WRONG))
def test_wrong_answers_fail_the_right_variant(verifier, name):
    code, variant = WRONG[name]
    verdict = verifier.verify(TASK, code)
    assert not verdict.correct
    failed = [v["name"] for v in verdict.variants if not v["passed"]]
    if variant == "tiny":  # caught before the full stage, on the shrunken sizes
        assert verdict.stage == "compile" and not verdict.stages["tiny"]["passed"], verdict.error
    else:
        assert failed == [variant], (verdict.error, verdict.variants)
    assert "wrong output" in verdict.error


def test_worker_restarted_after_patching_cheat(verifier):
    verifier.verify(TASK, CHEATS["patch_allclose"][0])
    verdict = verifier.verify(TASK, HONEST)
    assert verdict.correct and not verdict.violations, verdict.error
