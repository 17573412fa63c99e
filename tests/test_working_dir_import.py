"""The repo runs as a Ray working_dir: with the repo root first on PYTHONPATH (what `ray job submit
--working-dir .` does) and no editable install, `tritonrl.learner`, `tritonrl.verifier_workers...` and
`tritonrl.conf` import from the top-level folders and the Hydra config composes (tritonrl/source_tree.py).

`python -S` skips site-packages' .pth files, so the venv's editable-install finder is not there: the same
state as a cluster whose Python has no tritonrl, or a wheel, installed."""
from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = sysconfig.get_paths()["purelib"]

PROBE = """
import tritonrl, tritonrl.learner, tritonrl.verifier_workers.funnel.verifier, tritonrl.conf, tritonrl.reward.credit
from hydra import compose, initialize_config_module
import tritonrl.train
from tritonrl.config import to_dataclass
from tritonrl.config_checks import validate
with initialize_config_module("tritonrl.conf", version_base=None):
    cfg = validate(to_dataclass(compose("config", overrides=["preset=gpu", "model=qwen2.5-coder-7b"])))
print(tritonrl.__file__)
print(tritonrl.learner.__file__)
print(cfg.train.rl_steps)
"""


def probe(pythonpath: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(pythonpath)}
    return subprocess.run([sys.executable, "-S", "-c", PROBE], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def test_no_install_and_repo_root_first_on_the_path(tmp_path):
    proc = probe([str(ROOT), SITE], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    tritonrl_file, learner_file, rl_steps = proc.stdout.split()
    assert Path(tritonrl_file) == ROOT / "tritonrl" / "__init__.py"
    assert Path(learner_file) == ROOT / "learner" / "__init__.py"
    assert rl_steps == "200"  # preset=gpu composed and validated


def test_only_the_five_folders_are_mapped(tmp_path):
    code = "import importlib.util as u, tritonrl; print(u.find_spec('tritonrl.tests'), u.find_spec('tritonrl.bench'))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), SITE])}
    proc = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["None", "None"]


@pytest.mark.heavy
def test_installed_wheel_and_the_repo_root_first(tmp_path):
    """A real wheel installed (pip --target) and the repo root ahead of it, as on a Ray cluster whose image
    has tritonrl installed: the checkout's code wins and every subpackage imports. Without the repo root
    the wheel alone imports too."""
    wheels, site = tmp_path / "wheels", tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(wheels),
                    str(ROOT)], check=True, capture_output=True, timeout=300)
    (wheel,) = wheels.glob("tritonrl-*.whl")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    proc = probe([str(ROOT), str(site), SITE], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert Path(proc.stdout.split()[1]) == ROOT / "learner" / "__init__.py"
    proc = probe([str(site), SITE], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert Path(proc.stdout.split()[1]) == site / "tritonrl" / "learner" / "__init__.py"
