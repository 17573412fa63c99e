"""What an interpreted launch may pass its kernel (interpreter_calls.host_reach): plain tensors, jit functions
and constants. Objects of other classes (a dtype or tensor-descriptor look-alike, an enum member whose base is
the candidate's, a constexpr default holding one) have methods the interpreter calls inside the launch, while
the compute watch is paused (red-team round 4, tests/data/redteam_2026_11_27)."""
import enum

import pytest
import torch

from tritonrl.verifier_workers.sandbox.worker import interpreter_calls

from helpers import redteam_case


def test_plain_arguments_pass_and_look_alikes_do_not():
    import triton.language as tl

    class Base(enum.IntEnum):
        pass

    Base.__module__ = "enum"  # claims to be enum's own

    class Stride(Base):
        ONE = 1

    class Honest(enum.IntEnum):
        ONE = 1

    class FakeDtype(tl.dtype):
        pass

    FakeDtype.__module__, FakeDtype.__qualname__ = "triton.language", "dtype"
    ok = [torch.zeros(2), torch.nn.Parameter(torch.zeros(2)), 3, 1.5, True, None, "x", tl.float32,
          tl.constexpr(4), (1, 2), [torch.zeros(1), 2], Honest.ONE, torch.float32]
    bad = [Stride.ONE, FakeDtype("fp32"), tl.constexpr(FakeDtype("fp32")), (1, FakeDtype("fp32")), lambda x: x,
           object()]
    assert [interpreter_calls.host_reach(lambda: None, [a]) for a in ok] == [[]] * len(ok)
    assert [interpreter_calls.host_reach(lambda: None, [a]) for a in bad] == [["argument 0"]] * len(bad)


def test_a_parameter_default_is_checked_like_an_argument():
    class Fake:
        pass

    def kernel(x_ptr, BLOCK=128, D=Fake()):
        pass

    assert interpreter_calls.host_reach(kernel, []) == ["default of D"]


@pytest.mark.extended  # the round-4 cheats one by one: `make test-all` (CI runs the rules' unit tests)
@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R4A_01_fake_dtype_constexpr", "R4A_03_intenum_scalar_arg",
                                  "R4A_04_fake_tensor_descriptor", "R4A_07_callable_default_host_numpy"])
def test_round4_objects_handed_to_kernels_are_host_calls(runtime_only, name):
    task, code = redteam_case(name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "kernel_host_call" in verdict.violations, (verdict.violations, verdict.error)
