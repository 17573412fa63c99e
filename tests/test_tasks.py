import ast
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter

import pytest

from tritonrl.tasks.kernelbench import (apply_sizes, derive_cpu_sizes, free_size_constants, load_kernelbench,
                                        size_constants)
from tritonrl.tasks.kernelbook import SFTPair, gold_pairs, load_kernelbook, write_kernelbook_jsonl
from tritonrl.tasks.suite import get_builtin, load_builtin, plans

TESTS_DIR = os.path.dirname(os.path.abspath(__file__))
KB_DIR = "/work/shared/datasets/kernelbench"
GOLD_IMPORTS = {"torch", "torch.nn", "triton", "triton.language", "math"}
TASKS = load_builtin()
NAMES = [t.name for t in TASKS]


# ------------------------------------------------------------------------------------------------ suite

def test_suite_shape():
    assert len(TASKS) >= 24
    assert len(set(NAMES)) == len(NAMES)
    levels = Counter(t.level for t in TASKS)
    assert set(levels) == {1, 2} and min(levels.values()) >= 0.4 * len(TASKS)
    for level in (1, 2):  # held-out + dev (near-copies of training tasks: tests/test_heldout_split.py)
        held = [t for t in TASKS if t.level == level and t.split != "train"]
        assert 2 <= len(held) <= 0.3 * levels[level]  # most of each level stays trainable
    assert {t.name for t in load_builtin("train")} | {t.name for t in load_builtin("heldout")} \
        | {t.name for t in load_builtin("dev")} == set(NAMES)
    assert all(t.source == "builtin" and t.gold_src for t in TASKS)


def test_unknown_names_fail_clearly():
    with pytest.raises(KeyError, match="unknown built-in task"):
        get_builtin("no_such_task")
    with pytest.raises(ValueError, match="unknown split"):
        load_builtin("test")
    assert get_builtin("relu").name == "relu"


def _init_args(tree: ast.Module, cls: str) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for f in node.body:
                if isinstance(f, ast.FunctionDef) and f.name == "__init__":
                    return [a.arg for a in f.args.args]
    raise AssertionError(f"no {cls}.__init__")


@pytest.mark.parametrize("name", NAMES)
def test_reference_and_gold_parse(name):
    task = get_builtin(name)
    ref = ast.parse(task.reference_src)
    gold = ast.parse(task.gold_src)
    top_ref = {getattr(n, "name", None) for n in ref.body}
    assert {"Model", "get_inputs", "get_init_inputs"} <= top_ref
    assert "torch.randn" in task.reference_src
    # gold: same constructor, allowed imports only, a jit kernel, no autotune
    assert _init_args(ref, "Model") == _init_args(gold, "ModelNew")
    imports = {a.name for n in ast.walk(gold) if isinstance(n, ast.Import) for a in n.names}
    imports |= {n.module for n in ast.walk(gold) if isinstance(n, ast.ImportFrom)}
    assert imports <= GOLD_IMPORTS, imports
    assert "@triton.jit" in task.gold_src and "autotune" not in task.gold_src
    assert not any(isinstance(n, ast.Try) for n in ast.walk(gold))
    # sizes: module constants are the CPU sizes; cuda overrides name real constants
    consts = size_constants(task.reference_src)
    assert free_size_constants(task.reference_src), "needs a free dim for the doubled-input variant"
    for dev in ("cpu", "cuda"):
        assert set(task.overrides_for(dev)) <= set(consts)
    assert task.overrides_for("cuda")
    assert len(plans()[name].split()) >= 10


# ------------------------------------------------------------------------------------------------ gold check

@pytest.fixture(scope="session")
def gold_results():
    """Every gold vs its reference under TRITON_INTERPRET=1, in two subprocesses (one per core)."""
    script = os.path.join(TESTS_DIR, "gold_check.py")
    env = {**os.environ, "TRITON_INTERPRET": "1"}
    t0 = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, script, *NAMES[i::2]], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env) for i in range(2)]
    rows = []
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err[-2000:]
        rows += [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    print(f"\ngold check: {len(rows)} runs of {len(NAMES)} tasks in {time.perf_counter() - t0:.1f} s wall")
    return rows


@pytest.mark.parametrize("name", NAMES)
def test_gold_matches_reference(gold_results, name):
    rows = [r for r in gold_results if r["task"] == name]
    assert rows and all(r["ok"] for r in rows), rows
    seen = {(r["variant"].split(":")[0], r["dtype"]) for r in rows}
    assert seen == {("base", "float32"), ("base", "float16"), ("double", "float32"), ("tiny", "float32")}


# ------------------------------------------------------------------------------------------------ sizes

SRC = """import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, c_in, c_out, bias_shape):
        super().__init__()
    def forward(self, x):
        return x

batch_size = 128
c_in = 64
c_out = 128
height = width = 2048 * 2
depth, k = 8, 3
bias_shape = (c_out, 1, 1)
flag = True

def get_inputs():
    return [torch.rand(batch_size, c_in, height, width)]

def get_init_inputs():
    return [c_in, c_out, bias_shape]
"""


def test_size_constants_and_overrides():
    assert size_constants(SRC) == {"batch_size": 128, "c_in": 64, "c_out": 128, "height": 4096, "width": 4096,
                                   "depth": 8, "k": 3}
    assert free_size_constants(SRC) == ["batch_size", "height", "width"]
    new = apply_sizes(SRC, {"width": 8, "c_out": 16})
    ns: dict = {}
    exec(compile(new, "<ref>", "exec"), ns)  # our own test source, not candidate code
    assert (ns["height"], ns["width"], ns["c_out"], ns["bias_shape"]) == (4096, 8, 16, (16, 1, 1))
    with pytest.raises(ValueError, match="no module-level int constant"):
        apply_sizes(SRC, {"nope": 1})
    cpu = derive_cpu_sizes(SRC)
    assert cpu and all(v < size_constants(SRC)[n] for n, v in cpu.items()) and "k" not in cpu


# ------------------------------------------------------------------------------------------------ KernelBench

@pytest.mark.skipif(not os.path.isdir(KB_DIR), reason="no local KernelBench snapshot")
def test_kernelbench_from_shared_snapshot():
    tasks = load_kernelbench(KB_DIR)
    assert Counter(t.level for t in tasks) == {1: 100, 2: 100}
    relu = next(t for t in tasks if t.name == "kb_l1_19_ReLU")
    assert relu.source == "kernelbench" and relu.gold_src is None and "class Model" in relu.reference_src
    cpu = relu.overrides_for("cpu")
    assert cpu and cpu["batch_size"] * cpu["dim"] <= 1 << 16
    assert len(load_kernelbench(KB_DIR, levels=(2,), limit=5)) == 5
    one = load_kernelbench(os.path.join(KB_DIR, "level1.jsonl"), levels=(1,), limit=3)
    assert [t.name for t in one] == [t.name for t in tasks[:3]]


def test_kernelbench_bad_inputs(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_kernelbench(str(tmp_path / "missing"))
    with pytest.raises(FileNotFoundError, match="level3.jsonl"):
        load_kernelbench(str(tmp_path), levels=(3,))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    with pytest.raises(ValueError, match="bad.jsonl:1"):
        load_kernelbench(str(bad))


def test_kernelbench_hub_needs_datasets():
    try:
        import datasets  # noqa: F401
    except ImportError:
        with pytest.raises(RuntimeError, match="datasets"):
            load_kernelbench("")
    else:
        pytest.skip("datasets is installed; the hub itself is not reachable from tests")


# ------------------------------------------------------------------------------------------------ KernelBook

def test_kernelbook_round_trip(tmp_path):
    pairs = gold_pairs(TASKS)
    assert len(pairs) == len(TASKS) and all(isinstance(p, SFTPair) and p.plan and p.code for p in pairs)
    assert pairs[0].plan == plans()[pairs[0].name]
    path = tmp_path / "gold.jsonl"
    write_kernelbook_jsonl(pairs, str(path))
    row = json.loads(path.read_text().splitlines()[0])
    assert {"python_code", "triton_code", "entry_point", "uuid", "repo_name", "synthetic"} <= set(row)
    assert load_kernelbook(str(path)) == pairs
    assert load_kernelbook(str(path), limit=3) == pairs[:3]


def test_kernelbook_parquet_upstream_columns(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    import pyarrow as pa

    rows = [{"python_code": "import torch\nclass Add(torch.nn.Module): ...", "triton_code": "import triton\n",
             "entry_point": "Add", "module_name": "Add", "uuid": "u1", "repo_name": "r", "synthetic": False},
            {"python_code": "", "triton_code": "x", "entry_point": "Empty", "module_name": "Empty", "uuid": "u2",
             "repo_name": "r", "synthetic": False}]
    pq.write_table(pa.Table.from_pylist(rows), str(tmp_path / "kb.parquet"))
    pairs = load_kernelbook(str(tmp_path / "kb.parquet"))
    assert len(pairs) == 1 and pairs[0].name == "kbook_Add_u1" and "Add" in pairs[0].plan
    with pytest.raises(FileNotFoundError):
        load_kernelbook(str(tmp_path / "nope.jsonl"))


def _forward_calls(src: str) -> set[str]:
    """torch.<fn>( names called in a reference's forward (where the op a kernel must compute is named)."""
    import re

    body = src.split("def forward", 1)[1].split("\n\n\n", 1)[0]
    return set(re.findall(r"torch\.(?:nn\.functional\.)?(\w+)\(", body))


@pytest.mark.heavy
def test_synthetic_tasks_avoid_heldout_ops_and_their_golds_pass():
    from tritonrl.tasks.synthetic import HELDOUT_OPS, synthetic_pairs, synthetic_tasks

    n = 64  # what the laptop preset trains on (data.synthetic_sft)
    tasks = synthetic_tasks(n)
    assert len(tasks) == n and len({t.reference_src for t in tasks}) == n
    assert [t.name for t in synthetic_tasks(n)] == [t.name for t in tasks]  # deterministic
    # every op the held-out references call that no training reference calls, plus the listed ones
    train_calls = set().union(*(_forward_calls(t.reference_src) for t in TASKS if t.split == "train"))
    heldout_only = set().union(*(_forward_calls(t.reference_src) for t in TASKS if t.split != "train")) - train_calls
    heldout_ops = heldout_only | set(HELDOUT_OPS) | {"sin", "cos", "tanh", "softmax", "mean"}
    assert {"sin", "cos", "tanh", "mean", "log_softmax"} <= heldout_ops
    for t in tasks:
        used = set(re.findall(r"(?:torch|tl)\.(\w+)", t.reference_src + t.gold_src))
        assert not used & heldout_ops, (t.name, used & heldout_ops)
        assert t.split == "train" and t.name not in NAMES
    # several distinct ops, each named the same in torch and Triton (the op is copied, not recalled)
    ops = {m for t in tasks for m in re.findall(r"torch\.(\w+)\(x", t.reference_src)}
    assert len(ops) >= 10, ops
    pairs = synthetic_pairs(n)
    for p, t in zip(pairs, tasks):
        torch_expr = t.reference_src.split("        return ", 1)[1].split("\n", 1)[0]
        tl_line = p.plan.split("computes ")[1].split(" in fp32")[0]  # "y = tl.exp2(x) * 0.5"
        assert tl_line in p.code and tl_line == "y = " + torch_expr.replace("torch.", "tl.")
        assert p.code == t.gold_src
    _verify_golds(_one_per_op(tasks))


def _one_per_op(tasks: list) -> list:
    """The first task of each distinct set of torch ops: the others differ only in their constants."""
    seen, out = set(), []
    for t in tasks:
        key = frozenset(re.findall(r"torch\.(\w+)", t.reference_src))
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def _verify_golds(tasks: list) -> None:
    from tritonrl.config import ExtensionsConfig, VerifierConfig
    from tritonrl.verifier_workers.funnel.verifier import Verifier

    with Verifier(VerifierConfig(stages=["static", "compile", "full"]), ExtensionsConfig(multi_input=False),
                  device="cpu") as v:
        for t in tasks:  # the golds the SFT data holds really pass
            verdict = v.verify(t, t.gold_src)
            assert verdict.correct, (t.name, verdict.error)


@pytest.mark.heavy
@pytest.mark.extended  # 64 verifications, ~70 s in CI; CI verifies one gold per distinct op set (above)
def test_every_synthetic_gold_passes():
    from tritonrl.tasks.synthetic import synthetic_tasks

    _verify_golds(synthetic_tasks(64))
