"""`tritonrl verify` contract: one JSON object on stdout with --json; exit 0 correct, 1 rejected, 2 unusable."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.heavy  # a fresh `tritonrl verify` process per test (~10 s each)

from tritonrl.tasks.suite import get_builtin

from helpers import RELU_SMALL_HONEST as HONEST, RELU_SMALL_REF as RELU_REF

CMD = [sys.executable, "-m", "tritonrl.verifier_workers.cli_verify"]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("cli")
    paths = {"ref": RELU_REF, "good": HONEST, "bad": HONEST.replace("tl.maximum(x, 0.0)", "tl.maximum(x, 1.0)"),
             "noinputs": RELU_REF.replace("def get_inputs", "def other_inputs"),
             "nomodelnew": HONEST.replace("class ModelNew", "class Something"),
             # the task itself does not run: unusable input, not a verdict on the candidate
             "refraises": RELU_REF.replace("return torch.relu(x)", "raise ValueError('broken reference')"),
             "refnotensors": RELU_REF.replace("return [torch.randn(batch_size, dim)]", "return [1, 2]"),
             "refimportfails": "raise RuntimeError('reference broken at import')\n" + RELU_REF,
             # a byte-order mark: CPython runs such a file, so the verifier reads it too
             "goodbom": "\ufeff" + HONEST}
    out = {}
    for k, src in paths.items():
        out[k] = str(d / f"{k}.py")
        with open(out[k], "w") as f:
            f.write(src)
    os.mkfifo(d / "fifo.py")  # open() would block forever
    out["fifo"] = str(d / "fifo.py")
    os.symlink("/dev/zero", d / "zero.py")  # read() would never end
    out["zero"] = str(d / "zero.py")
    return out


def run(*args):
    return subprocess.run(CMD + list(args), capture_output=True, text=True, timeout=600)


def test_correct_candidate_json_exit_0(files):
    # (the candidate file starts with a byte-order mark, which CPython runs, so the verifier reads it too)
    p = run(files["ref"], files["goodbom"], "--json", "--device", "cpu", "--no-multi-input")
    assert p.returncode == 0, p.stderr[-2000:]
    verdict = json.loads(p.stdout)  # exactly one JSON object and nothing else
    assert verdict["correct"] is True and verdict["reward"] == 1.0 and verdict["speedup"] is None
    assert {"stage", "violations", "error", "timing", "variants"} <= set(verdict)


@pytest.mark.extended  # ~30 s in CI; exit 1 on a wrong output is test_cli_cases.py's (verify_files), the CLI
def test_wrong_candidate_exit_1(files):  # process's exits 0 and 2 are tested here
    p = run(files["ref"], files["bad"], "--json", "--device", "cpu", "--no-multi-input", "--seed", "7")
    assert p.returncode == 1
    verdict = json.loads(p.stdout)
    assert verdict["correct"] is False and "wrong output" in verdict["error"]


@pytest.mark.parametrize("ref,cand,msg", [
    ("missing", "good", "cannot read reference"),
    ("noinputs", "good", "get_inputs"),
    ("ref", "nomodelnew", "ModelNew"),
    ("ref", "fifo", "not a regular file"),
    ("ref", "zero", "not a regular file"),
    ("refraises", "good", "broken reference"),
    # (each ~20 s in CI: a reference that fails in its worker; `refraises` covers the path there)
    pytest.param("refnotensors", "good", "returned no tensors", marks=pytest.mark.extended),
    pytest.param("refimportfails", "good", "reference broken at import", marks=pytest.mark.extended),
])
def test_unusable_input_exit_2(files, ref, cand, msg):
    p = run(files.get(ref, "/nonexistent/ref.py"), files[cand], "--json")
    assert p.returncode == 2
    verdict = json.loads(p.stdout)  # still exactly one JSON object: a rejection carrying the reason
    assert verdict["correct"] is False and verdict["usable"] is False and msg in verdict["error"]
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and msg in lines[0] and "Traceback" not in p.stderr


@pytest.mark.extended  # the human-readable output; the JSON contract above is what CI checks (~27 s)
def test_builtin_gold_through_cli(tmp_path):
    task = get_builtin("relu")
    (tmp_path / "r.py").write_text(task.reference_src)
    (tmp_path / "c.py").write_text(task.gold_src)
    p = run(str(tmp_path / "r.py"), str(tmp_path / "c.py"), "--device", "cpu", "--no-multi-input", "--no-staged")
    assert p.returncode == 0 and "CORRECT" in p.stdout, p.stdout + p.stderr[-1000:]


def test_sigterm_leaves_no_workers_or_temp_dirs(files, tmp_path):
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    proc = subprocess.Popen(CMD + [files["ref"], files["good"], "--json", "--device", "cpu"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob("tritonrl-*")) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)  # until the first worker's temp dir (with the sources) exists
    assert proc.poll() is None, "finished before the signal could be sent"
    proc.send_signal(signal.SIGTERM)
    proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM
    assert not list(tmp_path.glob("tritonrl-*"))
