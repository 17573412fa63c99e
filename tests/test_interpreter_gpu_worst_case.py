"""The CPU interpreter models what a GPU may do, not what is convenient for it (red-team round 8, R8B).

Round 8 (tests/data/redteam_2026_11_27e) passed kernels that only the interpreter computes right; an H200
refused most of them:
  * R8B_01: an unmasked load past the end read 0 (the full stage now fills stray lanes with garbage);
  * R8B_02: a CAS "lock" tried twice, then updated anyway (a contended CAS now fails many times);
  * R8B_03, R8B_09: index math by fp32 `/` and `tl.sqrt`, exact in numpy, approximate on a GPU (one ulp off now);
  * R8B_04, R8B_05: an acquire whose value is never looked at counted as synchronised (now only a used one);
  * R8B_07: an output left on the default device, the CPU (static `host_device`);
  * R8B_08: `libdevice.add_rz` rounded to nearest (now rounded toward zero);
  * R8B_10: an autotuned accumulation without `reset_to_zero`, which the GPU's benchmark sums many times over
    (the benchmark now runs once on the real arguments).
Unit tests first (fast); the round's cases and honest twins through the CPU verifier last (heavy).
"""
from __future__ import annotations

import numpy as np
import pytest
import torch

from tritonrl.verifier_workers.sandbox.worker.interpreter_approx import one_ulp_off
from tritonrl.verifier_workers.sandbox.worker.interpreter_bounds import garbage
from tritonrl.verifier_workers.sandbox.worker.interpreter_cas import CONTENDED_TRIES, LockContention
from tritonrl.verifier_workers.sandbox.worker.interpreter_libdevice import round_directed
from tritonrl.verifier_workers.sandbox.worker.interpreter_ordering import ACQ_REL, watch_use
from tritonrl.verifier_workers.sandbox.worker.interpreter_races import RaceTracker
from tritonrl.verifier_workers.sandbox.worker.triton_shims import benchmark_run
from tritonrl.verifier_workers.static.checks import check_source

from helpers import ROUND_8, honest_twin, redteam_case

# ---------------------------------------------------------------- stray loads (R8B_01)


def test_stray_lanes_read_zero_only_where_missing_masks_are_forgiven():
    assert not garbage(0.0, 5, np.float32).any()
    g = garbage(300.0, 1000, np.float32)
    assert np.isfinite(g).all() and (np.abs(g) >= 300).all()
    assert (g > 0).any() and (g < 0).any()  # no constant a kernel could cancel
    assert garbage(300.0, 4, np.int32).dtype == np.int32


# ---------------------------------------------------------------- CAS contention (R8B_02)

LOCK = np.array([8256], dtype=np.uint64)


def _tries_until_taken(c: LockContention, limit: int = 100) -> int:
    for i in range(limit):
        if not c.contended(LOCK).any():
            return i
        c.done(LOCK, np.array([False]))
    return limit


def test_a_contended_cas_fails_for_a_few_tries_not_only_the_first():
    c = LockContention()
    c.next_program()
    c.done(LOCK, np.array([True]))  # program 1 takes the lock
    c.next_program()
    assert _tries_until_taken(c) == CONTENDED_TRIES  # two tries and "update anyway" loses
    assert CONTENDED_TRIES > 2


# ---------------------------------------------------------------- an acquire orders only if used (R8B_04, 05)


def _tracker_after_a_release(addr: np.ndarray) -> RaceTracker:
    t = RaceTracker()
    t.next_program()
    t.store(np.arange(64, 68, dtype=np.uint64))  # a partial, stored ...
    t.atomic(addr, ACQ_REL)  # ... and released by bumping a counter
    t.next_program()
    return t


def test_an_acquire_whose_value_is_unused_does_not_synchronise():
    addr = np.arange(0, 4, dtype=np.uint64)
    t = _tracker_after_a_release(addr)
    t.atomic(addr, ACQ_REL, used=False)  # the value is dropped: this program cannot know whose release it read
    t.load(np.arange(64, 68, dtype=np.uint64))
    assert t.races == 1


def test_an_acquire_whose_value_is_used_synchronises():
    from triton.runtime.interpreter import TensorHandle
    import triton.language as tl

    addr = np.arange(0, 4, dtype=np.uint64)
    t = _tracker_after_a_release(addr)
    t.atomic(addr, ACQ_REL, used=False)
    old = watch_use(TensorHandle(np.zeros(1, dtype=np.int32), tl.int32), lambda: t.acquire(addr))
    assert not t.acquired
    _ = old.data  # `if ticket == n - 1:` reads it
    assert t.acquired and t.synced
    t.load(np.arange(64, 68, dtype=np.uint64))
    assert t.races == 0


# ---------------------------------------------------------------- approximate fp32 division and roots (R8B_03, 09)


def test_integral_fp32_quotients_move_one_ulp_either_way_and_the_rest_stays():
    q = np.arange(1, 4001, dtype=np.float32)  # exact integer quotients, as at every multiple of HW
    moved = one_ulp_off(q)
    assert (np.abs(moved.astype(np.float64) - q) <= np.spacing(q)).all() and (moved != q).all()
    assert (np.floor(moved) < q).any()  # floor() of a quotient just below an integer: the wrong index
    assert (moved > q).any()  # both ways: value math has no bias
    frac = np.array([0.5, 1.25, 3.1], dtype=np.float32)
    assert np.array_equal(one_ulp_off(frac), frac)  # value math keeps numpy's rounding (measured precision)
    special = np.array([0.0, -0.0, np.inf, np.nan], dtype=np.float32)
    assert np.array_equal(one_ulp_off(special), special, equal_nan=True)
    d = np.arange(1, 5, dtype=np.float64)
    assert one_ulp_off(d) is d


# ---------------------------------------------------------------- directed rounding in libdevice (R8B_08)


def test_directed_rounding_of_an_fp32_sum():
    a, b = np.float32(1.0), np.float32(2.0 ** -30)  # the sum is not an fp32: it lies just above 1
    s = np.float64(a) + np.float64(b)
    assert round_directed(s, "_rz") == np.float32(1.0)
    assert round_directed(s, "_rd") == np.float32(1.0)
    assert round_directed(s, "_ru") == np.nextafter(np.float32(1.0), np.float32(2.0))
    assert round_directed(-s, "_rz") == np.float32(-1.0)
    assert round_directed(-s, "_rd") == -np.nextafter(np.float32(1.0), np.float32(2.0))
    # 1 - 2^-60 is 1.0 in float64: the exact residual decides the direction
    assert round_directed(np.float64(1.0), "_rz", -(2.0 ** -60)) == np.nextafter(np.float32(1.0), np.float32(0))
    assert round_directed(np.float64(3.0), "_rz") == np.float32(3.0)  # exact results stay


# ---------------------------------------------------------------- autotune's benchmark (R8B_10)


def _tuner(reset_to_zero):
    import triton
    from triton.runtime.autotuner import Autotuner

    def body(x, out):  # the jit function's Python body (Autotuner looks for one)
        return None

    class Kernel:
        arg_names = ["x", "out"]
        fn = staticmethod(body)

        def run(self, x, out, **_):
            out.add_(x.sum())  # an atomic accumulation into the output

    return Autotuner(Kernel(), Kernel.arg_names, [triton.Config({"B": 1}), triton.Config({"B": 2})], key=[],
                     reset_to_zero=reset_to_zero, restore_value=None)


@pytest.mark.parametrize("reset, want", [(None, 8.0), (["out"], 4.0)])
def test_the_benchmark_runs_on_the_real_arguments_before_the_chosen_run(reset, want):
    t = _tuner(reset)
    x, out = torch.ones(4), torch.zeros(())
    t.nargs = {"x": x, "out": out}
    benchmark_run(t, t.configs[0], (x, out), {})
    t.pre_hook(t.nargs, reset_only=True)  # what the launch does after benchmarking
    t.fn.run(x, out)
    assert float(out) == want  # without reset_to_zero the sum comes out twice (many times on a GPU)


# ---------------------------------------------------------------- the default device (R8B_07, static)

_, DEVICE_CHEAT = redteam_case("R8B_07_default_device_out", ROUND_8.name)
BARE = "out = torch.empty(x.shape, dtype=x.dtype)"


@pytest.mark.parametrize("line, refused", [
    (BARE, True),
    ("out = torch.zeros(x.shape, dtype=x.dtype, device=None)", True),
    ("out = torch.empty(x.shape, dtype=x.dtype, device=x.device)", False),
    ("out = torch.empty_like(x)", False),
    ("out = x.new_empty(x.shape)", False),
    ("out = torch.empty(x.shape, dtype=x.dtype).to(x.device)", False),
])
def test_a_factory_without_a_device_in_forward_is_refused(line, refused):
    assert BARE in DEVICE_CHEAT
    codes = [v.code for v in check_source(DEVICE_CHEAT.replace(BARE, line))]
    assert ("host_device" in codes) == refused, (line, codes)


def test_factories_in_the_constructor_and_host_scalars_are_allowed():
    # a registered buffer follows model.to(device); a plain tensor attribute does not (host_device, R10A_09:
    # tests/test_host_device_named.py)
    code = DEVICE_CHEAT.replace("self.bias = nn.Parameter(torch.randn(channels))",
                                "self.bias = nn.Parameter(torch.randn(channels))\n"
                                "        self.register_buffer('k', torch.ones(3))")
    code = code.replace(BARE, "out = torch.empty_like(x)\n        s = int(torch.randint(0, 9, (1,)).item())")
    assert "host_device" not in [v.code for v in check_source(code)]


# ---------------------------------------------------------------- the round's cases and honest twins (verifier)

ROUND8_B = ["R8B_01_stray_tail_sum", "R8B_02_cas_two_tries", "R8B_03_fdiv_channel_index", "R8B_04_pid0_finaliser",
            "R8B_05_inplace_war_diff", "R8B_08_round_toward_zero_cumsum", "R8B_09_sqrt_tri_index",
            "R8B_10_autotune_no_reset"]

# cheat name -> (text in the cheat, its honest replacement)
TWINS = {
    # (and it sums in fp32: block sums of fp16 values added into an fp16 scalar lost 2.8% of a total whose
    # terms cancel in one CI run's other_precision variant, a fair refusal of that kernel)
    "R8B_01_stray_tail_sum": [("v = tl.load(x_ptr + offs)",
                               "v = tl.load(x_ptr + offs, mask=offs < n, other=0.0).to(tl.float32)"),
                              ("(x_ptr, out_ptr, BLOCK", "(x_ptr, out_ptr, n, BLOCK"),
                              ("(x, out, BLOCK=BLOCK)", "(x, out, n, BLOCK=BLOCK)"),
                              ("dtype=x.dtype)", "dtype=torch.float32)"),
                              ("return out", "return out.to(x.dtype)")],
    "R8B_03_fdiv_channel_index": [("q = tl.floor(offs.to(tl.float32) / HW.to(tl.float32))", "q = offs // HW")],
    "R8B_04_pid0_finaliser": [("tl.atomic_add(cnt_ptr, 1)\n    if pid == 0:",
                               "ticket = tl.atomic_add(cnt_ptr, 1)\n    if ticket == nprog - 1:")],
    "R8B_08_round_toward_zero_cumsum": [("libdevice.add_rz(acc, v)", "libdevice.add_rn(acc, v)")],
    "R8B_09_sqrt_tri_index": [("tl.floor((tl.sqrt(8.0 * kf + 1.0) - 1.0) / 2.0)",
                               "tl.floor(tl.div_rn(tl.sqrt_rn(8.0 * kf + 1.0) - 1.0, 2.0))")],
    "R8B_10_autotune_no_reset": [('key=["n"])', 'key=["n"], reset_to_zero=["out_ptr"])'),
                                 # fp32 sums, as R8B_01's twin (a CI run refused its fp16 scalar: 3.4% off)
                                 ("other=0.0)", "other=0.0).to(tl.float32)"),
                                 ("dtype=x.dtype)", "dtype=torch.float32)"),
                                 ("return out", "return out.to(x.dtype)")],
}


@pytest.mark.heavy
@pytest.mark.parametrize("name", ROUND8_B)
def test_round_8_interpreter_only_cases_are_refused(runtime_only, name):
    task, code = redteam_case(name, ROUND_8.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct, (name, verdict.stage)


# the add_rn cumsum twin runs its libdevice loop element by element in the interpreter (349 s on 2 cores) and
# the sqrt twin takes 45 s: both are `make test-all` only, to keep CI within its 25 minutes
_SLOW_TWINS = {"R8B_08_round_toward_zero_cumsum", "R8B_09_sqrt_tri_index"}


@pytest.mark.heavy
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.extended) if n in _SLOW_TWINS else n
                                  for n in sorted(TWINS)])
def test_their_honest_twins_are_accepted(runtime_only, name):
    task, code = redteam_case(name, ROUND_8.name)
    verdict = runtime_only.verify(task, honest_twin(name, code, TWINS[name]))
    assert verdict.correct, (name, verdict.error, verdict.violations)
