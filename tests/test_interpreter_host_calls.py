"""Triton operations run only inside kernels; host code around a launch runs as it does on a GPU.

Under the CPU interpreter `triton.language` is patched to a numpy builder during a launch, and the grid
callable used to run inside that window with interpreter tensors for arguments: red-team round 6 computed
whole tasks there (R6A_01: tl.load/where/store in the grid lambda; R6A_08: `.handle.data` numpy sums in a grid
object; R6A_10: Python floats read through `.handle`), and called a jit function from forward (R6A_02). Closed
both ways:
  * statically (static/host_triton.py): host code names only dtypes and types from `triton.language`; a jit
    function called from host code and `.handle` in host code are refused (`not_allowlisted`);
  * at run time (sandbox/worker/interpreter_host.py): the grid callable and pre-run hooks run before the
    patch, with the launch's own arguments (a GPU's `bound_args`), so `tl.*` raises there as on a GPU; a jit
    function called outside a kernel body raises as `JITFunction.__call__` does.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tritonrl.tasks.task import Task
from tritonrl.verifier_workers.static.checks import check_source

from helpers import ROUND_6, redteam_case

HOST_CHEATS = {
    "R6A_01_grid_callable_numpy": "`triton.language.load` in host code",
    "R6A_08_handle_numpy_rowsum": "attribute `.handle` in host code",
    "R6A_10_grid_host_python_floats": "`triton.language.store` in host code",
    "R6A_02_jit_called_on_host": "@triton.jit `square_plus_one` called from host code",
}

RELU_TASK = Task(name="relu", level=1, reference_src=(ROUND_6 / "refs" / "relu.py").read_text())

HEAD = '''
import torch
import torch.nn as nn
import triton
import triton.language as tl

DTYPES = {torch.float32: tl.float32}


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, OUT_T: tl.constexpr = tl.float32):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + offs, tl.maximum(x, 0.0).to(OUT_T), mask=offs < n)


def plan(meta) -> tuple:
    return (triton.cdiv(meta["n"], meta["BLOCK"]),)  # a launch argument, not only a constexpr, as on a GPU
'''

# a grid lambda and a grid function reading meta, a dtype table and a constexpr dtype on the host
HONEST = HEAD + '''

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        relu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, out, n, BLOCK=256, OUT_T=DTYPES[x.dtype])
        relu_kernel[plan](x, out, n, BLOCK=128)
        return out
'''


def _host(line: str, extra: str = "") -> str:
    """The honest model with `line` in forward before the launch (and `extra` at module level)."""
    return HONEST.replace("        relu_kernel[plan]", f"        {line}\n        relu_kernel[plan]") + extra


@pytest.mark.parametrize("name", sorted(HOST_CHEATS))
def test_round_6_host_triton_cheats_are_refused_statically(name):
    _, code = redteam_case(name, ROUND_6.name)
    found = [v for v in check_source(code) if v.code == "not_allowlisted"]
    assert any(HOST_CHEATS[name] in v.message for v in found), [v.message for v in found]


def test_grid_callables_dtypes_and_constexprs_on_the_host_are_allowed():
    assert check_source(HONEST) == []


@pytest.mark.parametrize("code, what", [
    (_host("g = lambda meta: (tl.cdiv(meta['n'], meta['BLOCK']),)"), "triton.language.cdiv"),
    (_host("s = tl.sum"), "triton.language.sum"),
    (_host("v = load(x)", "\nfrom triton.language import load\n"), "triton.language.load"),
    (_host("y = libdevice.exp(x)", "\nfrom triton.language.extra import libdevice\n"),
     "triton.language.extra.libdevice.exp"),
    (_host("y = tl.math.fma(x, x, x)"), "triton.language.math.fma"),
    (_host("pass", "\n\ndef heur(args):\n    return tl.arange(0, args['BLOCK'])\n"), "triton.language.arange"),
    (_host("h = x.handle"), ".handle"),
    (_host("relu_kernel(x, x, 1, 1)"), "called from host code"),
])
def test_triton_operations_in_host_code_are_refused_wherever_they_are(code, what):
    found = [v.message for v in check_source(code) if v.code == "not_allowlisted"]
    assert any(what in m for m in found), found


def test_a_name_that_does_not_exist_stays_an_honest_mistake():
    found = check_source(_host("e = tl.END"))
    assert {v.code for v in found} == {"unknown_name"}, found


PROBE = '''
import torch, triton, triton.language as tl
from tritonrl.verifier_workers.sandbox.worker import launches
launches.install_hooks()

@triton.jit
def copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

@triton.jit
def twice(v):
    return v * 2

@triton.jit
def twice_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, twice(tl.load(x_ptr + offs, mask=offs < n)), mask=offs < n)

x = torch.randn(100)
out = torch.empty_like(x)
seen = {}

def grid(meta):
    seen.update(meta)
    return [triton.cdiv(meta["n"], meta["BLOCK"])]

copy[grid](x, out, x.numel(), BLOCK=32)
print("meta", sorted((k, type(v).__name__) for k, v in seen.items()), torch.equal(out, x))

def numpy_grid(meta):
    tl.store(meta["out_ptr"] + tl.arange(0, 128), tl.load(meta["x_ptr"] + tl.arange(0, 128)))
    return (1,)

for name, call in (("grid", lambda: copy[numpy_grid](x, out, x.numel(), BLOCK=32)), ("host", lambda: twice(x))):
    try:
        call()
        print(name, "ran")
    except Exception as e:
        print(name, type(e).__name__)
twice_kernel[(1,)](x, out, x.numel(), BLOCK=128)
print("helper", torch.allclose(out, 2 * x), tl.load is launches.interpreter_host._PRISTINE["load"])
'''


def test_host_callables_get_the_launch_arguments_and_no_triton_under_the_interpreter(tmp_path: Path):
    script = tmp_path / "probe.py"
    script.write_text(textwrap.dedent(PROBE))
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    res = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert res.returncode == 0, res.stderr[-2000:]
    lines = res.stdout.splitlines()
    # a GPU's bound_args: the tensors and ints themselves (not interpreter tensors), constexprs included
    assert lines[0] == "meta [('BLOCK', 'int'), ('n', 'int'), ('out_ptr', 'Tensor'), ('x_ptr', 'Tensor')] True"
    assert lines[1] == "grid ValueError"  # tl.* outside a kernel: "Did you forget to add @triton.jit ?"
    assert lines[2] == "host RuntimeError"  # "Cannot call @triton.jit'd outside of the scope of a kernel"
    assert lines[3] == "helper True True"  # a helper inside a kernel works, and leaves tl unpatched


@pytest.mark.extended  # the probe above runs the mechanism in CI; the whole cheats with `make test-all`
@pytest.mark.heavy
@pytest.mark.parametrize("name", ["R6A_01_grid_callable_numpy", "R6A_10_grid_host_python_floats"])
def test_round_6_grid_callable_cheats_fail_at_run_time(runtime_only, name):
    task, code = redteam_case(name, ROUND_6.name)
    verdict = runtime_only.verify(task, code)
    assert not verdict.correct, (verdict.violations, verdict.error)


@pytest.mark.heavy
def test_honest_grid_callables_are_accepted(runtime_only):
    verdict = runtime_only.verify(RELU_TASK, HONEST)
    assert verdict.correct, (verdict.violations, verdict.error)
