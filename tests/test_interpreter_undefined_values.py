"""Values a GPU leaves undefined read a poison under the interpreter (sandbox/worker/interpreter_undefined.py).

Red-team round 7 (tests/data/redteam_2026_11_27d): R7A_05 divided by an integer 0 (numpy gives 0, a GPU -1 or
garbage); R7A_07 summed the masked-off lanes of a `tl.load` without `other` (numpy gives 0, a GPU leaves them
undefined). Lanes a kernel discards stay harmless.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from tritonrl.verifier_workers.sandbox.worker.interpreter_undefined import poison, poisoned

from helpers import ROUND_7, redteam_case


def test_poison_spans_each_dtype():
    f = poison((3000,), np.float32)
    assert np.isnan(f).any() and (f > 1e37).any() and (f < -1e37).any()
    i = poison((3000,), np.int32)
    assert (i < -2**30).any() and (i > 2**30).any()
    assert set(poison((200,), bool).tolist()) == {False, True}
    data = np.arange(8, dtype=np.int64)
    out = poisoned(data, np.arange(8) >= 6)
    assert out[:6].tolist() == list(range(6)) and out.dtype == np.int64


PROBE = '''
import torch
import triton
import triton.language as tl
from tritonrl.verifier_workers.sandbox.worker import interpreter_undefined
interpreter_undefined.install()


@triton.jit
def divide(x_ptr, q_ptr, r_ptr, c_ptr, d, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(q_ptr + offs, x // d)
    tl.store(r_ptr + offs, x % d)
    tl.store(c_ptr + offs, tl.cdiv(x, d))


@triton.jit
def masked(x_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    v = tl.load(x_ptr + offs, mask=m)
    tl.store(s_ptr, tl.sum(v, axis=0))  # reads the undefined lanes
    w = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.store(s_ptr + 1, tl.sum(w, axis=0))  # other=0: defined
    tl.store(y_ptr + offs, v * 2.0, mask=m)  # the undefined lanes are never stored


x = torch.arange(1, 17, dtype=torch.int32)
q, r, c = torch.empty_like(x), torch.empty_like(x), torch.empty_like(x)
divide[(1,)](x, q, r, c, 3, BLOCK=16)
print("nonzero", q.tolist() == (x // 3).tolist(), r.tolist() == (x % 3).tolist(), c.tolist() == ((x + 2) // 3).tolist())
zeros = []
for _ in range(4):
    divide[(1,)](x, q, r, c, 0, BLOCK=16)
    zeros += q.tolist() + r.tolist() + c.tolist()
print("zero", sum(1 for z in zeros if z == 0) < 8, len(set(zeros)) > 100)
xf = torch.arange(1.0, 17.0)
s, y = torch.empty(2), torch.empty(16)
spoiled = 0
for _ in range(8):
    masked[(1,)](xf, s, y, 11, BLOCK=16)
    spoiled += not (s[0].item() == 66.0)
print("masked", spoiled >= 6, s[1].item() == 66.0, torch.equal(y[:11], xf[:11] * 2))
'''


def test_integer_division_by_zero_and_masked_loads_without_other_read_poison(tmp_path: Path):
    script = tmp_path / "probe.py"
    script.write_text(textwrap.dedent(PROBE))
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    assert res.stdout.splitlines() == ["nonzero True True True", "zero True True", "masked True True True"]


@pytest.mark.extended  # the probe above runs the mechanism in CI; the whole cheats with `make test-all`
@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R7A_05_divzero_interp", "R7A_07_masked_no_other"])
def test_round_7_undefined_value_cheats_are_wrong(runtime_only, name):
    task, code = redteam_case(name, ROUND_7.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct and "wrong output" in (verdict.error or ""), (verdict.violations, verdict.error)
