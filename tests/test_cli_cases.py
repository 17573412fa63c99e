"""Honest styles the rules once rejected and cheats they once let through, found by red-teaming the CLI
(`tritonrl verify REF CAND --device cpu --json`), checked here through that command's own contract
(cli_verify.verify_files: exit status and JSON object) on one warm Verifier lane; test_cli_verify.py runs
the command itself as a process. The files are corpus candidates (tests/corpus/KIND/TASK__what.py
against tests/corpus/ref/TASK.py); the corpus run checks only accept/reject, this also checks why.

- honest: input checks that raise, an early return for empty inputs, kernels defined in a class,
  autotune over several configs (which the interpreter cannot benchmark), libdevice calls (which the
  interpreter cannot run), and kernels written for the task's sizes only (a power-of-two assertion, no masks:
  they fail or write out of bounds at the tiny stage's odd sizes) must be accepted;
- cheat: PyTorch inside a @triton.jit body (the interpreter runs it), and host-side compute through
  `.item()` in a loop or `.tolist()`/`.numpy()` (also via getattr), or element reads in Python (`float(v)`
  for every element, caught at run time) must be rejected as torch_compute(_runtime).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tritonrl.verifier_workers.corpus_run import WarmLanes
from tritonrl.verifier_workers.cli_verify import verify_files

CORPUS = Path(__file__).parent / "corpus"
FILES = [
    "cheat/relu_8x100__float_in_comprehension.py",
    "cheat/rowsum__c42_getattr_tolist.py",
    "cheat/rowsum__c37_python_item_sum.py",
    "cheat/silu__c39_getattr_numpy_staticlambda.py",
    "cheat/silu__c09_kernel_body_torch.py",
    "cheat/softmax__c40_fill_item.py",
    "honest/gelu_tanh_16x96__libdevice_tanh.py",
    "honest/layernorm__h31_classmethod_kernel_alias.py",
    "honest/log_softmax__p1_tutorial_driver_props.py",
    "honest/matmul__h23_autotune.py",
    "honest/scale__power_of_two_assert.py",
    "honest/silu__h02_autotune_raise.py",
    "honest/silu__h28_autotune_single.py",
    "honest/silu__h03_empty_guard.py",
    "honest/silu__h04_class_kernel.py",
]


@pytest.fixture(scope="module")
def lane():
    lanes = WarmLanes(1, "cpu")
    yield lanes
    lanes.close()


@pytest.mark.parametrize("rel", FILES, ids=[Path(f).stem for f in FILES])
def test_cli_case(rel: str, lane) -> None:
    cand = CORPUS / rel
    kind, task = cand.parent.name, cand.stem.split("__")[0]
    args = WarmLanes.verify_args(str(CORPUS / "ref" / f"{task}.py"), str(cand), "cpu")
    returncode, verdict, _ = verify_files(args, verifier=lane.borrow())
    if kind == "honest":
        assert verdict["correct"] and returncode == 0, (verdict["error"], verdict["violations"])
    else:
        assert not verdict["correct"] and returncode == 1
        assert {"torch_compute", "torch_compute_runtime", "host_table"} & set(verdict["violations"]), (verdict["error"],
                                                                                  verdict["violations"])
