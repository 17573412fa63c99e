"""Code that only the CPU interpreter runs, or that runs differently there than on a GPU, is run, compiled or
refused as a GPU would see it (red-team round 4, 2026-11-27, tests/data/redteam_2026_11_27):
  * autotuned kernels run their configs in turn across launches, and every config's spec is compiled
    (sandbox/worker/triton_shims.py): a fast wrong config the GPU's autotuner would pick is run and checked;
  * libdevice's numpy stand-ins follow CUDA libdevice (interpreter_libdevice.py): remainder is IEEE's;
  * `tl.cat` (may reorder) returns its elements reversed under the interpreter;
  * a condition or kernel argument decided by the device is `device_branch` (static/device_branch.py).
"""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from tritonrl.verifier_workers.sandbox.worker.interpreter_libdevice import BINARY, UNARY, base_name
from tritonrl.verifier_workers.sandbox.worker.triton_shims import reordered_cat, rotation_index, scalar_index
from tritonrl.verifier_workers.static.checks import check_source

from helpers import ROUND_5, redteam_case

ROOT = Path(__file__).resolve().parent.parent

# round-4 cheats right only under the interpreter: what refuses them now (a violation, else the error's words)
RUNTIME = {
    "R4C_10_relu_autotune_fast_wrong.py": "wrong output",  # config 1 skips every other block
    "R4B_04_autotune_unrun_config.py": "race",  # SPLIT_K=4's plain stores of partial sums
    "R4B_03_libdevice_remainder.py": "wrong output",  # IEEE remainder is not torch.remainder
    "R4A_05_cat_reorder_softmax.py": "wrong output",  # stored as if tl.cat kept the order
}
STATIC = {
    "R4C_08_relu_gpu_shortcut.py": "device_branch",  # `if x.is_cuda: programs = 1`
    "R4B_05_inline_asm_gpu_only.py": "device_branch",  # ON_GPU=x.is_cuda selects inline PTX
}


@pytest.mark.extended  # the round-4 cheats one by one: `make test-all` (CI runs the rules' unit tests)
@pytest.mark.heavy
@pytest.mark.parametrize("name", sorted(RUNTIME))
def test_interpreter_only_cheat_fails_at_run_time(runtime_only, name):
    task, code = redteam_case(name)
    verdict = runtime_only.verify(task, code)
    why = RUNTIME[name]
    assert not verdict.correct and (why in verdict.violations or why in (verdict.error or "")), \
        (verdict.violations, verdict.error)


@pytest.mark.parametrize("name", sorted(STATIC))
def test_device_dependent_cheat_is_refused_statically(name):
    _, code = redteam_case(name)
    assert STATIC[name] in {x.code for x in check_source(code)}


# ---------------------------------------------------------------- libdevice stand-ins (CUDA semantics)

NAN, INF = math.nan, math.inf
LIBDEVICE_CASES = [  # (libdevice name, arguments, what CUDA's libdevice returns)
    ("remainder", (2.0, 1.5), 0.5), ("remainder", (-2.0, 1.5), -0.5), ("remainder", (0.75, 1.5), 0.75),
    ("remainder", (2.25, 1.5), -0.75), ("remainder", (-0.75, 1.5), -0.75), ("remainder", (5.0, 0.0), NAN),
    ("remainder", (INF, 1.0), NAN), ("remainder", (1.0, INF), 1.0), ("remainderf", (7.0, -2.0), -1.0),
    ("fmod", (-2.0, 1.5), -0.5), ("fmod", (2.0, -1.5), 0.5), ("fmodf", (5.5, 2.0), 1.5),
    ("round", (2.5,), 3.0), ("round", (-2.5,), -3.0), ("round", (0.5,), 1.0), ("roundf", (-0.4,), -0.0),
    ("rint", (2.5,), 2.0), ("rint", (3.5,), 4.0), ("nearbyint", (-2.5,), -2.0), ("trunc", (-1.7,), -1.0),
    ("floor", (-1.5,), -2.0), ("ceil", (-1.5,), -1.0),
    ("logb", (1.0,), 0.0), ("logb", (0.99999994,), -1.0), ("logb", (-8.0,), 3.0), ("logb", (0.0,), -INF),
    ("logb", (INF,), INF), ("saturatef", (NAN,), 0.0), ("saturatef", (1.5,), 1.0), ("saturatef", (-0.5,), 0.0),
    ("fmin", (NAN, 1.0), 1.0), ("fmax", (2.0, NAN), 2.0), ("fdim", (1.0, 3.0), 0.0), ("fdim", (3.0, 1.0), 2.0),
    ("lgamma", (0.0,), INF), ("lgamma", (-1.0,), INF), ("lgamma", (3.0,), math.log(2.0)),
    ("tgamma", (-1.0,), NAN), ("tgamma", (4.0,), 6.0), ("tgamma", (200.0,), INF),
    ("copysign", (1.0, -0.0), -1.0), ("hypot", (3.0, 4.0), 5.0), ("atan2", (1.0, -1.0), 3 * math.pi / 4),
]


@pytest.mark.parametrize("name,args,expected", LIBDEVICE_CASES, ids=[f"{n}{a}" for n, a, _ in LIBDEVICE_CASES])
def test_libdevice_stand_in_follows_cuda(name, args, expected):
    base = base_name(name)
    fn = (BINARY if len(args) == 2 else UNARY)[base]
    with np.errstate(all="ignore"):
        got = float(np.asarray(fn(*[np.array([a]) for a in args]))[0])
    if math.isnan(expected):
        assert math.isnan(got)
    else:
        assert got == pytest.approx(expected, rel=1e-12) and math.copysign(1, got) == math.copysign(1, expected)


# ---------------------------------------------------------------- tl.cat, autotune rotation

def test_cat_reorders_but_keeps_the_elements():
    a, b = np.arange(4.0), np.arange(4.0, 8.0)
    out = reordered_cat(a, b)
    assert not np.array_equal(out, np.concatenate([a, b]))  # an in-order store is wrong, as on a GPU
    assert sorted(out) == list(range(8)) and out.sum() == 28.0  # a reduction stays right


def test_a_scalar_is_an_index_without_converting_a_one_element_array(monkeypatch):
    """numpy 2.5 refuses int() of a one-element array of ndim 1, which is how the interpreter holds a scalar
    argument (`range(0, K, BLOCK)`); older numpy only warns, so the warning is made an error here."""
    import warnings
    from types import SimpleNamespace

    scalar = SimpleNamespace(handle=SimpleNamespace(data=np.array([7], dtype=np.int32)))
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        with pytest.raises((DeprecationWarning, TypeError)):
            int(scalar.handle.data)  # what Triton 3.6's interpreter does
        assert scalar_index(scalar) == 7 and range(0, 20, 8)[scalar_index(scalar) // 7] == 8


def test_rotation_visits_every_config_in_turn():
    key = ("k", 1, 3)
    seen = [rotation_index(key, 3) for _ in range(6)]
    assert sorted(seen[:3]) == [0, 1, 2] and seen[3:] == seen[:3]


_AUTOTUNE_PROBE = textwrap.dedent('''
    import json, torch, triton, triton.language as tl
    from tritonrl.verifier_workers.sandbox.worker import triton_shims
    triton_shims.install(True)

    @triton.autotune(configs=[triton.Config({"V": 1}), triton.Config({"V": 2}), triton.Config({"V": 3})],
                     key=["n"], reset_to_zero=["acc_ptr"])
    @triton.jit
    def k(out_ptr, acc_ptr, n, V: tl.constexpr):
        tl.store(out_ptr, V)
        tl.atomic_add(acc_ptr, 1)

    out, acc = torch.zeros(1, dtype=torch.int32), torch.full((1,), 100, dtype=torch.int32)
    ran, accs = [], []
    for _ in range(4):
        k[(1,)](out, acc, 8)
        ran.append(int(out[0])); accs.append(int(acc[0]))
    print(json.dumps({"ran": ran, "acc": accs}))
''')


def test_autotuned_launches_run_every_config_and_reset_to_zero_once():
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": str(ROOT.parent) + os.pathsep + str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", _AUTOTUNE_PROBE], capture_output=True, text=True, env=env,
                          timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert sorted(got["ran"][:3]) == [1, 2, 3] and got["ran"][3] == got["ran"][0]
    assert got["acc"] == [1, 2, 3, 4]  # zeroed before the first launch for the key only, as after a GPU benchmark


_KEYED_PROBE = textwrap.dedent('''
    import json, torch, triton, triton.language as tl
    from tritonrl.verifier_workers.sandbox.worker import triton_shims
    triton_shims.install(True)

    def prune(configs, named_args, **kw):  # V=1 is for rows of at most 8 only
        return [c for c in configs if c.kwargs["V"] != 1 or named_args["n"] <= 8]

    @triton.autotune(configs=[triton.Config({"V": 1}), triton.Config({"V": 2})], key=["m"],
                     prune_configs_by={"early_config_prune": prune})
    @triton.jit
    def k(out_ptr, m, n, V: tl.constexpr):
        tl.store(out_ptr, V)

    out, ran = torch.zeros(1, dtype=torch.int32), {}
    for m, n in [(4, 8), (4, 8), (4, 16), (4, 16), (5, 16), (5, 16)]:
        k[(1,)](out, m, n)
        ran.setdefault(f"{m},{n}", []).append(int(out[0]))
    print(json.dumps(ran))
''')


def test_autotune_configs_are_fixed_per_key_as_on_a_gpu():
    """Triton's Autotuner prunes and benchmarks only at a key's first launch and reuses its pick for the key:
    a later launch with the same key and another row may run a config pruned for that row (R7C_09)."""
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": str(ROOT.parent) + os.pathsep + str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", _KEYED_PROBE], capture_output=True, text=True, env=env,
                          timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    ran = json.loads(proc.stdout.strip().splitlines()[-1])
    assert 1 in ran["4,16"]  # key m=4 was tuned at n=8, where V=1 was kept
    assert ran["5,16"] == [2, 2]  # a new key is pruned at its own first launch


# ---------------------------------------------------------------- device_branch: refused and allowed forms

HEADER = "import torch\nimport triton\nimport triton.language as tl\nimport torch.nn as nn\n\n"
KERNEL = ("@triton.jit\ndef k(x_ptr, y_ptr, n, BLOCK: tl.constexpr, FLAG: tl.constexpr = 0):\n"
          "    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
          "    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=o < n), mask=o < n)\n\n")


def _model(body: str, prelude: str = "") -> str:
    return HEADER + KERNEL + prelude + "class ModelNew(nn.Module):\n    def forward(self, x):\n" + \
        textwrap.indent(textwrap.dedent(body), "        ")


REFUSED = {
    "if_assign": "y = torch.empty_like(x)\ng = triton.cdiv(x.numel(), 256)\nif x.is_cuda:\n    g = 1\n"
                 "k[(g,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
    "constexpr_arg": "y = torch.empty_like(x)\nk[(4,)](x, y, x.numel(), BLOCK=256, FLAG=x.is_cuda)\nreturn y\n",
    "tainted_name": "y = torch.empty_like(x)\non_gpu = x.device.type == 'cuda'\n"
                    "k[(4,)](x, y, x.numel(), BLOCK=256, FLAG=int(on_gpu))\nreturn y\n",
    "ifexp_computed": "y = torch.empty_like(x)\ng = 1 if torch.cuda.is_available() else triton.cdiv(x.numel(), 256)\n"
                      "k[(g,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
    "version_check": "y = torch.empty_like(x)\nif torch.version.cuda is not None:\n    return y\n"
                     "k[(4,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
    "get_device": "y = torch.empty_like(x)\nif x.get_device() >= 0:\n    return y\n"  # R10A_05: -1 on the CPU
                  "k[(4,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
}
ALLOWED = {
    "assert": "assert x.is_cuda or x.device.type == 'cpu'\ny = torch.empty_like(x)\n"
              "k[(4,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
    "raise": "if not x.is_cuda and x.device.type != 'cpu':\n    raise ValueError('device')\n"
             "y = torch.empty_like(x)\nk[(4,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
    "synchronize": "y = torch.empty_like(x)\nk[(4,)](x, y, x.numel(), BLOCK=256)\n"
                   "if torch.cuda.is_available():\n    torch.cuda.synchronize()\nreturn y\n",
    "device_context": "y = torch.empty_like(x)\nwith torch.cuda.device(x.device.index):\n"
                      "    k[(4,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
    "tile_table": "y = torch.empty_like(x)\nif x.is_cuda:\n    BLOCK, W = 1024, 8\nelse:\n    BLOCK, W = 256, 4\n"
                  "k[(triton.cdiv(x.numel(), BLOCK),)](x, y, x.numel(), BLOCK=BLOCK, num_warps=W)\nreturn y\n",
    "allocation_choice": "y = torch.empty_like(x) if x.device.type == 'cpu' else torch.empty(x.shape, device=x.device)\n"
                         "k[(4,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
    "autocast_device_type": "with torch.autocast(device_type=x.device.type, enabled=False):\n"
                            "    y = torch.empty_like(x)\n    k[(4,)](x, y, x.numel(), BLOCK=256)\nreturn y\n",
}
SM_COUNT_PRELUDE = ("def _num_sms():\n    if torch.cuda.is_available():\n"
                    "        return torch.cuda.get_device_properties(0).multi_processor_count\n    return 4\n\n"
                    "DEVICE = torch.device('cuda' if torch.cuda.is_available() else 'cpu')\n\n")


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_device_decided_control_flow_is_refused(case):
    assert "device_branch" in {x.code for x in check_source(_model(REFUSED[case]))}


@pytest.mark.parametrize("case", sorted(ALLOWED))
def test_device_idioms_that_decide_nothing_are_allowed(case):
    found = [x for x in check_source(_model(ALLOWED[case])) if x.code == "device_branch"]
    assert not found, found


def test_sm_count_and_device_choice_are_allowed():
    body = "y = torch.empty_like(x)\nk[(min(_num_sms(), 4),)](x, y, x.numel(), BLOCK=256)\nreturn y\n"
    found = [x for x in check_source(_model(body, SM_COUNT_PRELUDE)) if x.code == "device_branch"]
    assert not found, found


def test_a_helper_returning_a_probe_is_followed():
    prelude = "def on_gpu(t):\n    return t.is_cuda\n\n"
    body = "y = torch.empty_like(x)\nif on_gpu(x):\n    return y\nk[(4,)](x, y, x.numel(), BLOCK=256)\nreturn y\n"
    assert "device_branch" in {x.code for x in check_source(_model(body, prelude))}


# ---------------------------------------------------------------- device tile tables: only block sizes may differ
# (static/device_tables.py; red-team round 5, R5B_10: a table handing the GPU STEP=2, every other column x2)

TABLE_KERNEL = ("@triton.jit\ndef t(x_ptr, y_ptr, n, BLOCK: tl.constexpr, STEP: tl.constexpr):\n"
                "    pid = tl.program_id(0)\n    o = pid * BLOCK + tl.arange(0, BLOCK)\n{use}\n"
                "    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=o < n), mask=o < n)\n\n")
TABLE = ("y = torch.empty_like(x)\nn = x.numel()\nif x.is_cuda:\n    BLOCK, STEP = 1024, 2\nelse:\n"
         "    BLOCK, STEP = 256, 1\n{launch}\nreturn y\n")
LAUNCH = "t[(triton.cdiv(n, BLOCK),)](x, y, n, BLOCK=BLOCK, STEP=STEP)"
CFG = ("y = torch.empty_like(x)\nn = x.numel()\n"
       "cfg = dict(BLOCK=1024, STEP=2, num_warps=8) if x.is_cuda else dict(BLOCK=256, STEP={cpu}, num_warps=4)\n"
       "t[(triton.cdiv(n, cfg['BLOCK']),)](x, y, n, **cfg)\nreturn y\n")


def _table_model(use: str, body: str) -> str:
    kernel = TABLE_KERNEL.format(use=textwrap.indent(textwrap.dedent(use), "    "))
    return HEADER + kernel + "class ModelNew(nn.Module):\n    def forward(self, x):\n" + \
        textwrap.indent(textwrap.dedent(body), "        ")


# (a use of STEP in the kernel, the host code): STEP differs between the table's branches (2 on a GPU, 1 here)
TABLE_REFUSED = {
    "stride_in_kernel": ("o = pid * BLOCK + tl.arange(0, BLOCK) * STEP", TABLE.format(launch=LAUNCH)),
    "factor_of_data": ("v = tl.sum(tl.load(x_ptr + o, mask=o < n), axis=0) * STEP", TABLE.format(launch=LAUNCH)),
    "condition_in_kernel": ("if STEP == 2:\n    return", TABLE.format(launch=LAUNCH)),
    "through_a_derived_name": ("s = STEP + 0\no = o * s", TABLE.format(launch=LAUNCH)),
    "host_size_divided": ("pass", TABLE.format(launch="t[(triton.cdiv(n, BLOCK),)](x, y, n // STEP, BLOCK=BLOCK, STEP=1)")),
    "host_slice": ("pass", TABLE.format(launch="x = x.view(-1)[::STEP]\n" + LAUNCH)),
    "dict_spread_stride": ("o = pid * BLOCK + tl.arange(0, BLOCK) * STEP", CFG.format(cpu=1)),
}
TABLE_ALLOWED = {
    "range_step_and_shape": ("acc = tl.zeros((BLOCK, STEP), dtype=tl.float32)\nfor i in range(0, n, BLOCK * STEP):\n"
                             "    acc += 1.0", TABLE.format(launch=LAUNCH)),
    "tile_offset_and_cdiv": ("m = tl.cdiv(n, BLOCK * STEP)\nq = (pid % m) * STEP + tl.arange(0, BLOCK)",
                             TABLE.format(launch=LAUNCH)),
    "grid_name_and_num_warps": ("pass", TABLE.format(
        launch="grid = lambda meta: (triton.cdiv(n, BLOCK),)\nt[grid](x, y, n, BLOCK=BLOCK, STEP=1, num_warps=STEP * 4)")),
    "dict_spread_same_step": ("o = pid * BLOCK + tl.arange(0, BLOCK) * STEP", CFG.format(cpu=2)),
}


@pytest.mark.parametrize("case", sorted(TABLE_REFUSED))
def test_a_tile_table_value_used_as_more_than_a_block_size_is_refused(case):
    found = [x for x in check_source(_table_model(*TABLE_REFUSED[case])) if x.code == "device_branch"]
    assert found and "tile table" in found[0].message, found


@pytest.mark.parametrize("case", sorted(TABLE_ALLOWED))
def test_a_tile_table_of_block_sizes_is_allowed(case):
    found = [x for x in check_source(_table_model(*TABLE_ALLOWED[case])) if x.code == "device_branch"]
    assert not found, found


def test_round_5_gpu_stride_table_is_refused_statically():
    task, code = redteam_case("R5B_10_gpu_tile_table_stride", ROUND_5.name)
    found = [x for x in check_source(code, task.reference_src) if x.code == "device_branch"]
    assert found and "STEP" in found[0].message, found


@pytest.mark.extended
@pytest.mark.heavy
def test_round_5_gpu_stride_table_is_refused_by_the_verifier(verifier):
    task, code = redteam_case("R5B_10_gpu_tile_table_stride", ROUND_5.name)
    verdict = verifier.verify(task, code)
    assert not verdict.correct and "device_branch" in verdict.violations, (verdict.violations, verdict.error)


def test_a_module_level_table_read_inside_a_kernel_follows_the_same_rule():
    kernel = ("BLOCK = 1024 if torch.cuda.is_available() else 128\nSTEP = 2 if torch.cuda.is_available() else 1\n\n\n"
              "@triton.jit\ndef g(x_ptr, y_ptr, n):\n    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK){extra}\n"
              "    tl.store(y_ptr + o, tl.load(x_ptr + o, mask=o < n), mask=o < n)\n\n\n")
    body = "y = torch.empty_like(x)\ng[(triton.cdiv(x.numel(), BLOCK),)](x, y, x.numel())\nreturn y\n"
    model = HEADER + "{kernel}class ModelNew(nn.Module):\n    def forward(self, x):\n" + textwrap.indent(body, "        ")
    codes = [[x.code for x in check_source(model.format(kernel=kernel.format(extra=extra)))] for extra in ("", " * STEP")]
    assert "device_branch" not in codes[0] and "device_branch" in codes[1], codes
